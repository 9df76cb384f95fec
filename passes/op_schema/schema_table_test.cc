#include "passes/op_schema/schema_table.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace fxpp {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

OpSchema Parsed(absl::string_view text) {
  absl::StatusOr<OpSchema> schema = ParseSchema(text);
  EXPECT_TRUE(schema.ok()) << schema.status();
  return schema.ok() ? *schema : OpSchema();
}

TEST(ParseSchemaTest, InPlaceOp) {
  OpSchema s = Parsed("aten::add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)");
  EXPECT_EQ(s.ns, "aten");
  EXPECT_EQ(s.name, "add_");
  EXPECT_EQ(s.overload, "Tensor");
  ASSERT_EQ(s.arguments.size(), 3u);
  EXPECT_EQ(s.arguments[0].type, "Tensor");
  EXPECT_EQ(s.arguments[0].alias_set, "a");
  EXPECT_TRUE(s.arguments[0].is_write);
  EXPECT_FALSE(s.arguments[1].is_write);
  EXPECT_TRUE(s.arguments[2].kwarg_only);
  EXPECT_EQ(s.arguments[2].default_value, "1");
  ASSERT_EQ(s.returns.size(), 1u);
  EXPECT_TRUE(s.returns[0].is_write);
  EXPECT_THAT(s.MutatedArguments(), ElementsAre(0));
  EXPECT_TRUE(s.is_inplace());
  EXPECT_FALSE(s.is_out());
  EXPECT_FALSE(s.is_view());
  EXPECT_EQ(s.FxTarget(), "torch.ops.aten.add_.Tensor");
  EXPECT_EQ(s.QualifiedName(), "aten::add_.Tensor");
}

TEST(ParseSchemaTest, ViewsAndTuples) {
  OpSchema view = Parsed("aten::view(Tensor(a) self, SymInt[] size) -> Tensor(a)");
  EXPECT_TRUE(view.is_view());
  EXPECT_EQ(view.aliased_argument(), 0);
  EXPECT_EQ(view.overload, "");
  EXPECT_EQ(view.FxTarget(), "torch.ops.aten.view.default");
  EXPECT_EQ(view.arguments[1].type, "SymInt[]");

  OpSchema split = Parsed("aten::split.Tensor(Tensor(a -> *) self, SymInt split_size, int dim=0) -> Tensor(a)[]");
  EXPECT_TRUE(split.is_view());
  EXPECT_EQ(split.returns[0].type, "Tensor[]");

  OpSchema out = Parsed(
      "aten::max.dim_max(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) max, "
      "Tensor(b!) max_values) -> (Tensor(a!) values, Tensor(b!) indices)");
  EXPECT_THAT(out.MutatedArguments(), ElementsAre(3, 4));
  EXPECT_TRUE(out.is_out());
  ASSERT_EQ(out.returns.size(), 2u);
  EXPECT_EQ(out.returns[1].name, "indices");

  OpSchema none = Parsed("aten::_print(str s) -> ()");
  EXPECT_THAT(none.returns, IsEmpty());

  // Containers with commas inside the type.
  OpSchema dict = Parsed("aten::copy.Dict_str(Dict(str, t)(a) self) -> Dict(str, t)");
  EXPECT_EQ(dict.arguments[0].type, "Dict(str, t)");
  EXPECT_EQ(dict.arguments[0].alias_set, "a");
}

TEST(ParseSchemaTest, ErrorsQuoteTheSchema) {
  absl::StatusOr<OpSchema> bad = ParseSchema("add(Tensor self) -> Tensor");
  ASSERT_FALSE(bad.ok());
  EXPECT_THAT(bad.status().message(), HasSubstr("'add(Tensor self) -> Tensor'"));
  bad = ParseSchema("aten::add(Tensor self other) -> Tensor");
  ASSERT_FALSE(bad.ok());
  EXPECT_THAT(bad.status().message(), HasSubstr("'Tensor self other'"));
}

TEST(SchemaTableTest, ParseNamesTheBadLine) {
  absl::StatusOr<SchemaTable> table =
      SchemaTable::Parse("# comment\naten::relu(Tensor self) -> Tensor\n\nnot a schema\n");
  ASSERT_FALSE(table.ok());
  EXPECT_THAT(table.status().message(), HasSubstr("line 4"));
  table = SchemaTable::Parse("aten::relu(Tensor self) -> Tensor\naten::relu(Tensor self) -> Tensor\n");
  ASSERT_FALSE(table.ok());
  EXPECT_THAT(table.status().message(), HasSubstr("already in the table"));
}

TEST(SchemaTableTest, BundledTableFindsByTargetAndName) {
  const SchemaTable& table = SchemaTable::Default();
  EXPECT_GT(table.size(), 500u);
  const OpSchema* add = table.Find("torch.ops.aten.add_.Tensor");
  ASSERT_NE(add, nullptr);
  EXPECT_EQ(add->QualifiedName(), "aten::add_.Tensor");
  EXPECT_EQ(table.Find("aten::add_.Tensor"), add);
  ASSERT_NE(table.Find("torch.ops.aten.relu.default"), nullptr);
  EXPECT_EQ(table.Find("torch.ops.aten.relu.default")->QualifiedName(), "aten::relu");
  EXPECT_EQ(table.Find("torch.ops.aten.no_such_op.default"), nullptr);
  EXPECT_EQ(table.Find("torch.relu"), nullptr);
  EXPECT_FALSE(table.Overloads("aten", "add").empty());
  EXPECT_TRUE(table.Overloads("aten", "no_such_op").empty());
}

// The functional twins PyTorch's functionalization uses (checked against
// make_fx(functionalize(f)) graphs in passes/functionalize/testdata).
TEST(SchemaTableTest, FunctionalVariants) {
  const SchemaTable& table = SchemaTable::Default();
  auto twin = [&](absl::string_view target) -> std::string {
    const OpSchema* schema = table.Find(target);
    if (schema == nullptr) return "unknown op";
    const OpSchema* functional = table.FunctionalVariant(*schema);
    return functional == nullptr ? "none" : functional->FxTarget();
  };
  EXPECT_EQ(twin("torch.ops.aten.add_.Tensor"), "torch.ops.aten.add.Tensor");
  EXPECT_EQ(twin("torch.ops.aten.add_.Scalar"), "torch.ops.aten.add.Scalar");
  EXPECT_EQ(twin("torch.ops.aten.relu_.default"), "torch.ops.aten.relu.default");
  EXPECT_EQ(twin("torch.ops.aten.copy_.default"), "torch.ops.aten.copy.default");
  EXPECT_EQ(twin("torch.ops.aten.fill_.Scalar"), "torch.ops.aten.fill.Scalar");
  EXPECT_EQ(twin("torch.ops.aten.zero_.default"), "torch.ops.aten.zero.default");
  // Overload names differ; the arguments match.
  EXPECT_EQ(twin("torch.ops.aten.bernoulli_.float"), "torch.ops.aten.bernoulli.p");
  EXPECT_EQ(twin("torch.ops.aten.add.out"), "torch.ops.aten.add.Tensor");
  EXPECT_EQ(twin("torch.ops.aten.sin.out"), "torch.ops.aten.sin.default");
  EXPECT_EQ(twin("torch.ops.aten.max.dim_max"), "torch.ops.aten.max.dim");
  EXPECT_EQ(twin("torch.ops.aten._native_batch_norm_legit.default"),
            "torch.ops.aten._native_batch_norm_legit_functional.default");
  // The functional op may name its first argument `input` (export keeps
  // nn.Dropout(inplace=True) as dropout_ in eval mode).
  EXPECT_EQ(twin("torch.ops.aten.dropout_.default"), "torch.ops.aten.dropout.default");
  // Storage and metadata mutations pair too; passes decide what they support.
  EXPECT_EQ(twin("torch.ops.aten.set_.source_Tensor"), "torch.ops.aten.set.source_Tensor");
  EXPECT_EQ(twin("torch.ops.aten.t_.default"), "torch.ops.aten.t.default");
  // Functional ops and views have none.
  EXPECT_EQ(twin("torch.ops.aten.add.Tensor"), "none");
  EXPECT_EQ(twin("torch.ops.aten.view.default"), "none");
}

TEST(SchemaTableTest, ViewsInTheBundledTable) {
  const SchemaTable& table = SchemaTable::Default();
  for (absl::string_view view : {"torch.ops.aten.view.default", "torch.ops.aten.t.default",
                                 "torch.ops.aten.slice.Tensor", "torch.ops.aten.select.int",
                                 "torch.ops.aten.transpose.int", "torch.ops.aten.as_strided.default",
                                 "torch.ops.aten.unbind.int", "torch.ops.aten.detach.default"}) {
    const OpSchema* schema = table.Find(view);
    ASSERT_NE(schema, nullptr) << view;
    EXPECT_TRUE(schema->is_view()) << view;
    EXPECT_EQ(schema->aliased_argument(), 0) << view;
  }
  EXPECT_FALSE(table.Find("torch.ops.aten.clone.default")->is_view());
  EXPECT_FALSE(table.Find("torch.ops.aten.add_.Tensor")->is_view());
  EXPECT_FALSE(table.Find("torch.ops.aten._unsafe_view.default")->is_view());
}

// Custom operators' schemas, registered by the Python extension as it
// meets their calls. The registry is process-wide: each test names its own.
TEST(RegisteredSchemasTest, FindSchemaSeesRegisteredCustomOperators) {
  const uint64_t version = RegisteredSchemasVersion();
  EXPECT_EQ(FindSchema("torch.ops.regtest.scale_.default"), nullptr);
  ASSERT_TRUE(RegisterSchema("regtest::scale_(Tensor(a!) x, float s) -> ()").ok());
  const OpSchema* scale = FindSchema("torch.ops.regtest.scale_.default");
  ASSERT_NE(scale, nullptr);
  EXPECT_THAT(scale->MutatedArguments(), ElementsAre(0));
  EXPECT_TRUE(scale->returns.empty());
  EXPECT_EQ(FindSchema("regtest::scale_"), scale);
  EXPECT_GT(RegisteredSchemasVersion(), version);
  // Again, and an op the bundled table knows: no-ops.
  const uint64_t registered = RegisteredSchemasVersion();
  ASSERT_TRUE(RegisterSchema("regtest::scale_(Tensor(a!) x, float s) -> ()").ok());
  ASSERT_TRUE(RegisterSchema("aten::relu(Tensor self) -> Tensor").ok());
  EXPECT_EQ(RegisteredSchemasVersion(), registered);
  EXPECT_EQ(FindSchema("torch.ops.aten.relu.default"),
            SchemaTable::Default().Find("torch.ops.aten.relu.default"));
  // Text that is not a schema is an error, and registers nothing.
  EXPECT_FALSE(RegisterSchema("regtest::broken(Tensor x").ok());
  EXPECT_EQ(FindSchema("torch.ops.regtest.broken.default"), nullptr);
  EXPECT_EQ(RegisteredSchemasVersion(), registered);
}

}  // namespace
}  // namespace fxpp
