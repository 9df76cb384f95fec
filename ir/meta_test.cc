#include "ir/meta.h"

#include <utility>
#include <vector>

#include "absl/strings/string_view.h"
#include "gtest/gtest.h"

namespace fxpp {
namespace {

TensorMeta Tensor(DimVector shape) {
  TensorMeta t;
  t.shape = std::move(shape);
  t.device = Symbol::Intern("cuda:0");
  return t;
}

// One value of every kind, tensors and containers nested.
std::vector<ValueMeta> Values() {
  std::vector<ValueMeta> values;
  values.push_back(ValueMeta());
  values.push_back(ValueMeta::Tensor(Tensor({2, SymDim::Symbolic("s0")})));
  values.push_back(ValueMeta::Tuple(
      {ValueMeta::Tensor(Tensor({3})), ValueMeta::Int(7), ValueMeta::List({ValueMeta::Bool(true)})}));
  values.push_back(ValueMeta::List({ValueMeta::Float(0.5)}));
  values.push_back(ValueMeta::Int(-3));
  values.push_back(ValueMeta::Float(-0.0));
  values.push_back(ValueMeta::Bool(true));
  values.push_back(ValueMeta::Symbolic(ValueMeta::Kind::kSymInt, "s0 + 1"));
  values.push_back(ValueMeta::Symbolic(ValueMeta::Kind::kSymFloat, "0.5*s1"));
  values.push_back(ValueMeta::Symbolic(ValueMeta::Kind::kSymBool, "Eq(s0, 2)"));
  values.push_back(ValueMeta::Opaque("object()"));
  return values;
}

TEST(ValueMetaTest, AccessorsFollowTheKind) {
  const ValueMeta t = ValueMeta::Tensor(Tensor({4, 5}));
  EXPECT_EQ(t.tensor().shape, DimVector({4, 5}));
  EXPECT_TRUE(t.elements().empty());
  EXPECT_EQ(t.int_value(), 0);
  EXPECT_EQ(t.text(), "");
  const ValueMeta i = ValueMeta::Int(9);
  EXPECT_EQ(i.int_value(), 9);
  EXPECT_EQ(i.float_value(), 0.0);
  EXPECT_TRUE(i.tensor().shape.empty());
  EXPECT_EQ(ValueMeta::Float(2.5).float_value(), 2.5);
  EXPECT_TRUE(ValueMeta::Bool(true).bool_value());
  EXPECT_EQ(ValueMeta::Opaque("x").text(), "x");
  EXPECT_EQ(ValueMeta::List({ValueMeta::Int(1), ValueMeta::Int(2)}).elements().size(), 2u);
}

TEST(ValueMetaTest, CopiesAndMovesKeepEveryKind) {
  const std::vector<ValueMeta> originals = Values();
  for (const ValueMeta& original : originals) {
    SCOPED_TRACE(ValueMetaKindName(original.kind()));
    ValueMeta copy(original);
    EXPECT_EQ(copy, original);
    ValueMeta moved(std::move(copy));
    EXPECT_EQ(moved, original);
    EXPECT_EQ(copy.kind(), ValueMeta::Kind::kNone);  // NOLINT: moved-from is None
    // Assignment over every other kind, both ways.
    for (const ValueMeta& other : originals) {
      ValueMeta target(other);
      target = original;
      EXPECT_EQ(target, original);
      ValueMeta source(original);
      ValueMeta target2(other);
      target2 = std::move(source);
      EXPECT_EQ(target2, original);
      EXPECT_EQ(source.kind(), ValueMeta::Kind::kNone);  // NOLINT
    }
    ValueMeta self(original);
    const ValueMeta& alias = self;
    self = alias;
    EXPECT_EQ(self, original);
  }
}

TEST(ValueMetaTest, MutableTensorEdits) {
  ValueMeta v = ValueMeta::Tensor(Tensor({1}));
  v.mutable_tensor().shape.push_back(2);
  EXPECT_EQ(v.tensor().shape, DimVector({1, 2}));
}

TEST(NodeMetaTest, CopyKeepsTheValue) {
  NodeMeta meta;
  meta.val = Values()[2];
  meta.seq_nr = 4;
  NodeMeta copy = meta;
  EXPECT_EQ(copy, meta);
  EXPECT_EQ(copy.val->elements()[0].tensor().shape, (DimVector{SymDim(3)}));
}

// A source index alone is metadata: passes copy a node's metadata only when
// it has some, and the in-process bridge finds the node's source through it.
TEST(NodeMetaTest, SourceIndexIsMetadataOfItsOwn) {
  NodeMeta meta;
  meta.source_index = 3;
  EXPECT_FALSE(meta.empty());
  EXPECT_NE(meta, NodeMeta());
  NodeMeta copy = meta;
  EXPECT_EQ(copy.source_index, 3);
  EXPECT_EQ(copy, meta);
}

ModuleStackEntry Entry(absl::string_view key, absl::string_view path) {
  return ModuleStackEntry{Symbol::Intern(key), Symbol::Intern(path), Symbol::Intern("M")};
}

TEST(ModuleStackTest, EqualStacksAreOneInternedStack) {
  const ModuleStackEntry root = Entry("L__self__", "");
  const ModuleStackEntry layer = Entry("L__self___layer", "layer");
  const ModuleStack listed = {root, layer};
  const ModuleStack from_vector(std::vector<ModuleStackEntry>{root, layer});
  ModuleStack appended;
  EXPECT_TRUE(appended.empty());
  appended.push_back(root);
  appended.push_back(layer);
  EXPECT_EQ(listed, from_vector);
  EXPECT_EQ(listed, appended);
  // One stored stack: the entries are at the same address.
  EXPECT_EQ(listed.data(), appended.data());
  ASSERT_EQ(appended.size(), 2u);
  EXPECT_EQ(appended[1], layer);
  EXPECT_EQ(appended.back(), layer);
  const std::vector<ModuleStackEntry>& as_vector = appended;
  EXPECT_EQ(as_vector, (std::vector<ModuleStackEntry>{root, layer}));

  // A different stack, or a prefix, is not equal; clearing gives the empty one.
  const ModuleStack other = {root, Entry("L__self___other", "other")};
  const ModuleStack prefix = {root};
  EXPECT_NE(listed, other);
  EXPECT_NE(listed, prefix);
  appended.clear();
  EXPECT_TRUE(appended.empty());
  EXPECT_EQ(appended, ModuleStack());
  EXPECT_EQ(appended, ModuleStack(std::vector<ModuleStackEntry>{}));
}

TEST(ModuleStackTest, NodeMetaComparesStacksByContent) {
  NodeMeta a, b;
  a.nn_module_stack = {Entry("k", "p")};
  b.nn_module_stack.push_back(Entry("k", "p"));
  EXPECT_EQ(a, b);
  EXPECT_FALSE(a.empty());
  b.nn_module_stack.push_back(Entry("k2", "p.q"));
  EXPECT_NE(a, b);
  // Stacks are immutable: a copy does not change with the original.
  const ModuleStack copy = b.nn_module_stack;
  b.nn_module_stack.clear();
  EXPECT_EQ(copy.size(), 2u);
  EXPECT_TRUE(b.nn_module_stack.empty());
}

}  // namespace
}  // namespace fxpp
