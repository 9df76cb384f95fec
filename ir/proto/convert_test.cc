#include "ir/proto/convert.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "gmock/gmock.h"
#include "google/protobuf/util/json_util.h"
#include "gtest/gtest.h"
#include "ir/graph.h"
#include "ir/graph_module.h"
#include "ir/proto/wire_reader.h"

namespace fxpp {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

// absl::string_view prints as a character array in gtest failures.
std::string Message(const absl::Status& status) { return std::string(status.message()); }

// ---- structural equality -----------------------------------------------------

// Arguments compare as operator== does, except that node references (which
// point into different graphs) compare by name.
bool SameArgument(const Argument& a, const Argument& b) {
  if (a.kind() != b.kind()) return false;
  if (a.is_node()) return a.node()->name() == b.node()->name();
  if (!a.is_composite()) return a == b;
  if (a.elements().size() != b.elements().size()) return false;
  for (size_t i = 0; i < a.elements().size(); ++i) {
    if (!SameArgument(a.elements()[i], b.elements()[i])) return false;
  }
  return true;
}

// The first difference between two module trees ("" when structurally
// identical), described for a test failure.
std::string Diff(const GraphModule& a, const GraphModule& b, const std::string& path = "<root>") {
  auto at = [&path](absl::string_view what) { return absl::StrCat(path, ": ", what); };
  if (a.class_name() != b.class_name()) return at("class name");
  if (a.has_graph() != b.has_graph()) return at("has_graph");
  if (!(a.state() == b.state())) return at("state");
  if (a.has_graph()) {
    std::vector<Node*> na = a.graph().NodeVector();
    std::vector<Node*> nb = b.graph().NodeVector();
    if (na.size() != nb.size()) return at("node count");
    for (size_t i = 0; i < na.size(); ++i) {
      const Node& x = *na[i];
      const Node& y = *nb[i];
      const std::string node = absl::StrCat("node ", x.name());
      if (x.name() != y.name()) return at(absl::StrCat(node, " name ", y.name()));
      if (x.op() != y.op()) return at(absl::StrCat(node, " op"));
      if (x.target() != y.target()) return at(absl::StrCat(node, " target"));
      if (x.type_annotation() != y.type_annotation()) return at(absl::StrCat(node, " type"));
      if (x.args().size() != y.args().size()) return at(absl::StrCat(node, " arg count"));
      for (size_t k = 0; k < x.args().size(); ++k) {
        if (!SameArgument(x.args()[k], y.args()[k])) return at(absl::StrCat(node, " arg ", k));
      }
      if (x.kwargs().size() != y.kwargs().size()) return at(absl::StrCat(node, " kwarg count"));
      for (size_t k = 0; k < x.kwargs().size(); ++k) {
        if (x.kwargs()[k].name != y.kwargs()[k].name ||
            !SameArgument(x.kwargs()[k].value, y.kwargs()[k].value)) {
          return at(absl::StrCat(node, " kwarg ", k));
        }
      }
      if (x.meta() != y.meta()) return at(absl::StrCat(node, " meta"));
      if (x.num_users() != y.num_users()) return at(absl::StrCat(node, " users"));
    }
  }
  if (a.children().size() != b.children().size()) return at("child count");
  for (size_t i = 0; i < a.children().size(); ++i) {
    if (a.children()[i].first != b.children()[i].first) return at("child name");
    std::string d = Diff(*a.children()[i].second, *b.children()[i].second,
                         absl::StrCat(path, ".", a.children()[i].first));
    if (!d.empty()) return d;
  }
  return "";
}

// ---- a module that uses every field --------------------------------------------

double FromBits(uint64_t bits) {
  double d;
  std::memcpy(&d, &bits, sizeof d);
  return d;
}

// Every float a writer could get wrong: signed zero, NaNs with other sign or
// payload, infinities, denormals and values that need 17 digits.
std::vector<double> TrickyFloats() {
  return {1.5,
          -0.0,
          0.0,
          std::numeric_limits<double>::quiet_NaN(),
          -std::numeric_limits<double>::quiet_NaN(),
          FromBits(0x7ff0000000000123),  // signalling NaN with a payload
          std::numeric_limits<double>::infinity(),
          -std::numeric_limits<double>::infinity(),
          std::numeric_limits<double>::denorm_min(),
          std::numeric_limits<double>::max(),
          0.1,
          1e-5};
}

TensorMeta Tensor(std::initializer_list<SymDim> shape, ScalarType dtype = ScalarType::kFloat32) {
  TensorMeta t;
  t.shape.assign(shape.begin(), shape.end());
  t.dtype = dtype;
  return t;
}

// Every argument kind, nested, as call arguments of one node.
std::vector<Argument> AllArguments(Node* x, Node* y) {
  std::vector<Argument> floats;
  for (double f : TrickyFloats()) floats.push_back(Argument::Float(f));
  return {
      Argument::None(),
      Argument::Bool(true),
      Argument::Bool(false),
      Argument::Int(0),
      Argument::Int(std::numeric_limits<int64_t>::min()),
      Argument::Int(std::numeric_limits<int64_t>::max()),
      Argument::List(std::move(floats)),
      Argument::String(""),
      Argument::String("it's \"quoted\"\n\ttab \xc3\xa9 \xf0\x9f\x98\x80"),
      Argument::Ref(x),
      Argument::List({}),
      Argument::Tuple({}),
      Argument::Tuple({Argument::Ref(y)}),
      Argument::List({Argument::Int(1), Argument::List({Argument::Ref(x), Argument::Tuple({})}),
                      Argument::Tuple({Argument::Int(3), Argument::Tuple({Argument::Int(4)})})}),
      Argument::Dict({}),
      Argument::Dict({{Argument::String("mode"), Argument::String("fast")},
                      {Argument::Int(1), Argument::Ref(y)},
                      {Argument::String("nested"),
                       Argument::Dict({{Argument::String("k"),
                                        Argument::Tuple({Argument::Ref(x), Argument::Int(1)})}})}}),
      Argument::Slice(Argument::None(), Argument::Int(-1), Argument::None()),
      Argument::Slice(Argument::Ref(x), Argument::SymInt("s0"), Argument::Int(2)),
      Argument::Dtype(ScalarType::kUInt8),
      Argument::Dtype(ScalarType::kBFloat16),
      Argument::Dtype(ScalarType::kUInt64),
      Argument::Device("cpu"),
      Argument::Device("cuda:0"),
      Argument::Format(MemoryFormat::kContiguous),
      Argument::Format(MemoryFormat::kPreserve),
      Argument::LayoutValue(Layout::kStrided),
      Argument::LayoutValue(Layout::kJagged),
      Argument::SymInt("s0 + 1"),
      Argument::EllipsisValue(),
      Argument::Opaque("<object at 7>"),
  };
}

NodeMeta FullMeta() {
  NodeMeta meta;
  TensorMeta t = Tensor({2, SymDim::Symbolic("s0"), SymDim::Symbolic("2*s1")});
  t.stride = {SymDim::Symbolic("s0*s1"), 1, 0};
  t.device = Symbol::Intern("cuda:1");
  t.requires_grad = true;
  t.memory_format = MemoryFormat::kChannelsLast;
  std::vector<ValueMeta> floats;
  for (double f : TrickyFloats()) floats.push_back(ValueMeta::Float(f));
  meta.val = ValueMeta::Tuple({
      ValueMeta::Tensor(t),
      ValueMeta::List({ValueMeta::Int(-7), ValueMeta::List(std::move(floats)),
                       ValueMeta::Bool(true), ValueMeta::Bool(false),
                       ValueMeta::Symbolic(ValueMeta::Kind::kSymInt, "s0"),
                       ValueMeta::Symbolic(ValueMeta::Kind::kSymFloat, "1.5*s0"),
                       ValueMeta::Symbolic(ValueMeta::Kind::kSymBool, "Eq(s0, 2)"),
                       ValueMeta::Opaque("Foo()"), ValueMeta()}),
      ValueMeta::Tuple({}),
  });
  meta.stack_trace = Symbol::Intern("  File \"model.py\", line 3, in forward\n    return x + 1\n");
  auto sym = [](absl::string_view s) { return Symbol::Intern(s); };
  meta.nn_module_stack = {{sym("L__self__"), sym(""), sym("__main__.M")},
                          {sym("L__self___sub"), sym("sub"), sym("__main__.Sub")}};
  meta.source_fn_stack = {{sym("add"), sym("operator.add")}};
  meta.tag = Symbol();  // present but empty differs from absent
  meta.seq_nr = 0;
  meta.extra = {{"zeta", "{\"a\": [1, 2]}"}, {"alpha", "null"}, {"is_wrapped", "true"}};
  return meta;
}

std::unique_ptr<GraphModule> BuildModule() {
  auto root = std::make_unique<GraphModule>("MyModule");
  Graph& g = root->graph();
  Node* x = g.Placeholder("x", "torch.Tensor");
  Node* y = g.CreateNode(OpKind::kPlaceholder, "y", {Argument::Float(-0.0)}, {}, "y");
  Node* w = g.GetAttr("weight");
  Node* call = g.CallFunction("__main__.fx_config", AllArguments(x, y),
                              {{Symbol::Intern("cfg"), Argument::Dict({{Argument::String("ref"),
                                                                        Argument::Ref(w)}})},
                               {Symbol::Intern("eps"), Argument::Float(1e-5)}});
  call->set_meta(FullMeta());
  NodeMeta small;
  small.val = ValueMeta::Tensor(Tensor({}, ScalarType::kBool));
  x->set_meta(small);
  Node* view = g.CallMethod("view", {Argument::Ref(call), Argument::Int(-1)});
  Node* sub = g.CallModule("sub", {Argument::Ref(view)});
  Node* lin = g.CallModule("sub.linear", {Argument::Ref(sub)});
  g.Output(Argument::Tuple({Argument::Ref(lin), Argument::Ref(x)}), "typing.Tuple[torch.Tensor]");

  StateEntry weight{"weight", StateKind::kParameter, Tensor({3, 4})};
  weight.tensor.requires_grad = true;
  EXPECT_TRUE(root->AddState(weight).ok());
  StateEntry mean{"running_mean", StateKind::kBuffer, Tensor({3}, ScalarType::kFloat64)};
  mean.tensor.stride = {1};
  mean.tensor.memory_format = MemoryFormat::kContiguous;
  mean.persistent = false;
  mean.storage_group = 4000000000u;
  EXPECT_TRUE(root->AddState(mean).ok());
  StateEntry constant{"_tensor_constant0", StateKind::kConstant,
                      Tensor({SymDim::Symbolic("s0"), 0}, ScalarType::kInt64)};
  constant.tensor.device = Symbol::Intern("");
  constant.storage_group = 4000000000u;
  EXPECT_TRUE(root->AddState(constant).ok());

  auto child = std::make_unique<GraphModule>("GraphModule");
  Graph& cg = child->graph();
  Node* in = cg.Placeholder("input_1");
  cg.Output(Argument::Ref(cg.CallFunction("torch.relu", {Argument::Ref(in)})));
  auto linear = GraphModule::Opaque("torch.nn.modules.linear.Linear");
  EXPECT_TRUE(linear->AddState({"weight", StateKind::kParameter, Tensor({4, 4})}).ok());
  EXPECT_TRUE(child->AddChild("linear", std::move(linear)).ok());
  EXPECT_TRUE(child->AddChild("empty_graph", std::make_unique<GraphModule>("Empty")).ok());
  EXPECT_TRUE(root->AddChild("sub", std::move(child)).ok());
  EXPECT_TRUE(root->AddChild("plain", GraphModule::Opaque("")).ok());
  return root;
}

// ---- round trips ---------------------------------------------------------------

TEST(ConvertTest, ProtoRoundTripIsStructurallyIdentical) {
  std::unique_ptr<GraphModule> module = BuildModule();
  proto::GraphModule message = ToProto(*module);
  EXPECT_EQ(message.format_version(), 1u);
  EXPECT_EQ(message.strings_size(), 0);
  absl::StatusOr<std::unique_ptr<GraphModule>> back = FromProto(message);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(Diff(*module, **back), "");
  EXPECT_TRUE((*back)->FindChild("plain") != nullptr && !(*back)->FindChild("plain")->has_graph());
  const GraphModule* empty = (*back)->FindSubmodule("sub.empty_graph");
  ASSERT_NE(empty, nullptr);
  EXPECT_TRUE(empty->has_graph());
  EXPECT_TRUE(empty->graph().empty());
}

TEST(ConvertTest, EqualityHelperSeesDifferences) {
  std::unique_ptr<GraphModule> a = BuildModule();
  std::unique_ptr<GraphModule> b = BuildModule();
  EXPECT_EQ(Diff(*a, *b), "");
  b->graph().FindNode("view")->SetArg(1, Argument::Int(-2));
  EXPECT_EQ(Diff(*a, *b), "<root>: node view arg 1");
  b = BuildModule();
  b->graph().FindNode("fx_config")->mutable_meta().extra[0].second = "{}";
  EXPECT_EQ(Diff(*a, *b), "<root>: node fx_config meta");
  b = BuildModule();
  b->graph().FindNode("y")->SetArg(0, Argument::Float(0.0));  // +0.0 vs -0.0
  EXPECT_EQ(Diff(*a, *b), "<root>: node y arg 0");
}

TEST(ConvertTest, BinaryRoundTrip) {
  std::unique_ptr<GraphModule> module = BuildModule();
  const std::string bytes = SerializeBinary(*module);
  absl::StatusOr<std::unique_ptr<GraphModule>> back = ParseBinary(bytes, "m.pb");
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(Diff(*module, **back), "");
  EXPECT_EQ(SerializeBinary(**back), bytes);
}

// Format version 2: shared strings once in the table, references by index.
TEST(ConvertTest, BinaryWritesStringTableAndNodePositions) {
  std::unique_ptr<GraphModule> module = BuildModule();
  proto::GraphModule message;
  ToProto(*module, ProtoStrings::kTable, &message);
  EXPECT_EQ(message.format_version(), kProtoFormatVersion);
  const absl::flat_hash_set<std::string> distinct(message.strings().begin(),
                                                  message.strings().end());
  EXPECT_EQ(distinct.size(), static_cast<size_t>(message.strings_size()));
  EXPECT_TRUE(distinct.contains("__main__.fx_config"));
  EXPECT_TRUE(distinct.contains("L__self___sub"));
  const proto::Node& call = message.module().graph().nodes(3);
  EXPECT_EQ(call.name(), "fx_config");
  EXPECT_TRUE(call.target().empty());
  EXPECT_EQ(message.strings(call.target_ref()), "__main__.fx_config");
  EXPECT_TRUE(call.meta().stack_trace().empty());
  EXPECT_EQ(message.strings(call.meta().stack_trace_ref()),
            "  File \"model.py\", line 3, in forward\n    return x + 1\n");
  EXPECT_EQ(call.meta().nn_module_stack_size(), 0);
  ASSERT_EQ(call.meta().nn_module_stack_refs_size(), 6);
  EXPECT_EQ(message.strings(call.meta().nn_module_stack_refs(4)), "sub");
  // view(fx_config, -1): its first argument is node #3.
  EXPECT_EQ(message.module().graph().nodes(4).args(0).node_index(), 3u);
  // Inputs and submodule calls keep their targets inline.
  EXPECT_EQ(message.module().graph().nodes(0).target(), "x");
  EXPECT_FALSE(message.module().graph().nodes(0).has_target_ref());
  // Integer shapes are packed; symbolic ones stay SymDim messages.
  const proto::TensorMeta& weight = message.module().state(0).tensor();
  EXPECT_EQ(weight.shape_size(), 0);
  EXPECT_THAT(weight.shape_values(), ElementsAre(3, 4));
  const proto::TensorMeta& constant = message.module().state(2).tensor();
  EXPECT_EQ(constant.shape_size(), 2);
  EXPECT_EQ(constant.shape_values_size(), 0);

  absl::StatusOr<std::unique_ptr<GraphModule>> back = FromProto(message);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(Diff(*module, **back), "");
  EXPECT_EQ(message.SerializeAsString(), SerializeBinary(*module));
}

// The module protobuf's parser and FromProto read from `bytes`.
absl::StatusOr<std::unique_ptr<GraphModule>> ReadThroughMessageTree(const std::string& bytes) {
  proto::GraphModule message;
  if (!message.ParseFromString(bytes)) return absl::InvalidArgumentError("not protobuf");
  return FromProto(message);
}

// Where the direct reader takes bytes, it reads what the message tree does.
void ExpectSameAsMessageTree(const std::string& bytes, const std::string& what) {
  absl::optional<std::unique_ptr<GraphModule>> fast = ReadCanonicalBinary(bytes);
  if (!fast.has_value()) return;
  absl::StatusOr<std::unique_ptr<GraphModule>> slow = ReadThroughMessageTree(bytes);
  ASSERT_TRUE(slow.ok()) << what << ": the direct reader took what FromProto refuses: "
                         << slow.status();
  EXPECT_EQ(Diff(**slow, **fast), "") << what;
  EXPECT_EQ(SerializeBinary(**fast), SerializeBinary(**slow)) << what;
}

// What the writers write (either version) reads without the message tree.
TEST(ConvertTest, DirectReaderTakesWhatWritersWrite) {
  std::unique_ptr<GraphModule> module = BuildModule();
  for (const std::string& bytes :
       {SerializeBinary(*module), ToProto(*module).SerializeAsString()}) {
    absl::optional<std::unique_ptr<GraphModule>> fast = ReadCanonicalBinary(bytes);
    ASSERT_TRUE(fast.has_value());
    EXPECT_EQ(Diff(*module, **fast), "");
    ExpectSameAsMessageTree(bytes, "as written");
  }
}

// Bytes protobuf's serializer would not write go through the message tree,
// which reads them as protobuf defines (unknown fields skipped, a repeated
// singular field's last value).
TEST(ConvertTest, DirectReaderLeavesOtherLayoutsToTheMessageTree) {
  std::unique_ptr<GraphModule> module = BuildModule();
  const std::string bytes = SerializeBinary(*module);
  const std::string unknown_field = bytes + std::string("\x78\x01", 2);  // field 15 = 1
  const std::string version_again = bytes + std::string("\x08\x02", 2);  // format_version = 2
  const std::string overlong_tag = std::string("\x88\x00\x02", 3) + bytes.substr(2);
  ASSERT_EQ(bytes.substr(0, 2), std::string("\x08\x02", 2));
  for (const std::string& other : {unknown_field, version_again, overlong_tag}) {
    EXPECT_FALSE(ReadCanonicalBinary(other).has_value());
    absl::StatusOr<std::unique_ptr<GraphModule>> back = ParseBinary(other, "m.pb");
    ASSERT_TRUE(back.ok()) << back.status();
    EXPECT_EQ(Diff(*module, **back), "");
  }
}

// Every byte of a file changed in turn: the direct reader never takes
// anything the message tree reads differently or refuses.
TEST(ConvertTest, DirectReaderAgreesWithMessageTreeOnMutatedBytes) {
  std::unique_ptr<GraphModule> module = BuildModule();
  for (const std::string& bytes :
       {SerializeBinary(*module), ToProto(*module).SerializeAsString()}) {
    for (size_t i = 0; i < bytes.size(); ++i) {
      for (const int flip : {0x01, 0x80, 0xFF}) {
        std::string mutated = bytes;
        mutated[i] = static_cast<char>(mutated[i] ^ flip);
        ExpectSameAsMessageTree(mutated, absl::StrCat("byte ", i, " ^ ", flip));
      }
    }
  }
}

// Files written before the string table (format version 1) still read.
TEST(ConvertTest, Version1BinaryStillReads) {
  std::unique_ptr<GraphModule> module = BuildModule();
  absl::StatusOr<std::unique_ptr<GraphModule>> back =
      ParseBinary(ToProto(*module).SerializeAsString(), "old.pb");
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(Diff(*module, **back), "");
}

TEST(ConvertTest, BadStringTableReferencesAreRejected) {
  auto table_graph_with = [](auto edit) {
    proto::GraphModule message;
    ToProto(*BuildModule(), ProtoStrings::kTable, &message);
    edit(message.mutable_module()->mutable_graph()->mutable_nodes(3));
    return message.SerializeAsString();
  };
  const std::pair<std::string, std::string> cases[] = {
      {table_graph_with([](proto::Node* n) { n->mutable_meta()->set_stack_trace_ref(1000); }),
       "m.pb: root module, node 'fx_config': stack trace refers to string #1000 of a table of "},
      {table_graph_with([](proto::Node* n) { n->set_target("f"); }),
       "m.pb: root module, node 'fx_config': target is given both inline and as a string table "
       "index"},
      {table_graph_with([](proto::Node* n) { n->mutable_meta()->add_nn_module_stack_refs(0); }),
       "m.pb: root module, node 'fx_config': nn_module_stack_refs holds 7 indexes, not (key, "
       "path, type) triples"},
      {table_graph_with([](proto::Node* n) { n->mutable_meta()->add_nn_module_stack(); }),
       "m.pb: root module, node 'fx_config': nn_module_stack is given both inline and as string "
       "table indexes"},
      {table_graph_with([](proto::Node* n) {
         n->mutable_meta()->mutable_val()->mutable_tuple()->mutable_elements(0)
             ->mutable_tensor()->set_device_ref(1u << 30);
       }),
       "m.pb: root module, node 'fx_config': device refers to string #1073741824 of a table of "},
      {table_graph_with([](proto::Node* n) {
         n->mutable_meta()->mutable_val()->mutable_tuple()->mutable_elements(0)
             ->mutable_tensor()->add_shape_values(2);
       }),
       "m.pb: root module, node 'fx_config': shape_values is given both packed and as SymDim "
       "messages"},
      {table_graph_with([](proto::Node* n) { n->mutable_args(9)->set_node_index(99); }),
       "m.pb: root module, node 'fx_config': refers to node #99 of a graph of 8 nodes"},
  };
  for (const auto& [bytes, error] : cases) {
    absl::StatusOr<std::unique_ptr<GraphModule>> module = ParseBinary(bytes, "m.pb");
    ASSERT_FALSE(module.ok()) << error;
    EXPECT_THAT(Message(module.status()), HasSubstr(error));
  }
}

TEST(ConvertTest, JsonRoundTripAndBinaryJsonBinaryIsIdentical) {
  std::unique_ptr<GraphModule> module = BuildModule();
  const std::string bytes = SerializeBinary(*module);
  absl::StatusOr<std::unique_ptr<GraphModule>> from_binary = ParseBinary(bytes, "m.pb");
  ASSERT_TRUE(from_binary.ok()) << from_binary.status();
  absl::StatusOr<std::string> json = SerializeJson(**from_binary);
  ASSERT_TRUE(json.ok()) << json.status();
  absl::StatusOr<std::unique_ptr<GraphModule>> from_json = ParseJson(*json, "m.json");
  ASSERT_TRUE(from_json.ok()) << from_json.status();
  EXPECT_EQ(Diff(*module, **from_json), "");
  EXPECT_EQ(SerializeBinary(**from_json), bytes);
  // Deterministic: the same module always prints the same text.
  EXPECT_EQ(SerializeJson(**from_json).value(), *json);
  EXPECT_EQ(SerializeJson(*module->Clone()).value(), *json);
}

TEST(ConvertTest, JsonSpellsSpecialFloatsAsProtobufDoes) {
  GraphModule module;
  Graph& g = module.graph();
  g.Output(Argument::List({Argument::Float(std::numeric_limits<double>::quiet_NaN()),
                           Argument::Float(std::numeric_limits<double>::infinity()),
                           Argument::Float(-std::numeric_limits<double>::infinity()),
                           Argument::Float(-0.0), Argument::Float(0.25)}));
  const std::string json = SerializeJson(module).value();
  EXPECT_THAT(json, HasSubstr("\"float_value\": \"NaN\""));
  EXPECT_THAT(json, HasSubstr("\"float_value\": \"Infinity\""));
  EXPECT_THAT(json, HasSubstr("\"float_value\": \"-Infinity\""));
  EXPECT_THAT(json, HasSubstr("\"float_value\": 0.25"));
  // -0.0 has no exact JSON number spelling in protobuf's mapping: raw bits.
  EXPECT_THAT(json, HasSubstr("\"float_bits\": \"9223372036854775808\""));
  absl::StatusOr<std::unique_ptr<GraphModule>> back = ParseJson(json, "f.json");
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(Diff(module, **back), "");
  // The camelCase spelling protobuf also accepts reads the same.
  std::string camel = json;
  for (size_t at; (at = camel.find("\"float_value\"")) != std::string::npos;) {
    camel.replace(at, 13, "\"floatValue\"");
  }
  back = ParseJson(camel, "f.json");
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(Diff(module, **back), "");
}

// Export's constant inputs go through the scalar reader/writer alone:
// floats that JSON cannot spell (-0.0, NaN payloads) must survive the JSON
// mapping too, and other kinds are left to the caller.
TEST(ConvertTest, ScalarArgumentsRoundTripBitExactThroughJson) {
  const double payload_nan = [] {
    const uint64_t bits = 0x7ff8000000000123ull;
    double value;
    std::memcpy(&value, &bits, sizeof value);
    return value;
  }();
  for (const Argument& value :
       {Argument::None(), Argument::Bool(true), Argument::Int(-7), Argument::Float(-0.0),
        Argument::Float(payload_nan), Argument::Float(2.5), Argument::String("s")}) {
    proto::Argument message;
    ASSERT_TRUE(WriteScalarArgument(value, &message));
    std::string json;
    ASSERT_TRUE(google::protobuf::util::MessageToJsonString(message, &json).ok());
    proto::Argument parsed;
    ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(json, &parsed).ok()) << json;
    absl::optional<Argument> back = ReadScalarArgument(parsed);
    ASSERT_TRUE(back.has_value()) << json;
    EXPECT_TRUE(*back == value) << json;  // floats compare bit for bit
  }
  proto::Argument untouched;
  EXPECT_FALSE(WriteScalarArgument(Argument::Dtype(ScalarType::kFloat32), &untouched));
  EXPECT_EQ(untouched.value_case(), proto::Argument::VALUE_NOT_SET);
  proto::Argument node;
  node.set_node("x");
  EXPECT_FALSE(ReadScalarArgument(node).has_value());
}

TEST(ConvertTest, ReferencesResolveToTheRightNodesAndUsers) {
  std::unique_ptr<GraphModule> module = BuildModule();
  std::unique_ptr<GraphModule> back = FromProto(ToProto(*module)).value();
  const Graph& g = back->graph();
  Node* x = g.FindNode("x");
  Node* call = g.FindNode("fx_config");
  ASSERT_NE(x, nullptr);
  ASSERT_NE(call, nullptr);
  EXPECT_EQ(call->args()[9].node(), x);
  EXPECT_EQ(x->num_users(), module->graph().FindNode("x")->num_users());
  EXPECT_EQ(x->UserVector().back()->name(), "output");
}

TEST(ConvertTest, LargeChainRoundTripsInLinearTime) {
  // A quadratic lookup anywhere would make this time out.
  constexpr int kNodes = 200000;
  GraphModule module;
  Graph& g = module.graph();
  Node* prev = g.Placeholder("x");
  for (int i = 0; i < kNodes; ++i) {
    prev = g.CallFunction("operator.add", {Argument::Ref(prev), Argument::Int(i)});
  }
  g.Output(Argument::Ref(prev));
  const std::string bytes = SerializeBinary(module);
  absl::StatusOr<std::unique_ptr<GraphModule>> back = ParseBinary(bytes, "big.pb");
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ((*back)->graph().size(), module.graph().size());
  EXPECT_EQ((*back)->graph().output_node()->input(0)->name(), prev->name());
}

// ---- bad input ----------------------------------------------------------------

struct BadJson {
  const char* what;
  std::string text;
  std::string error;  // the whole message
};

// A two-node graph whose second node's fields are `node2` (JSON members).
std::string JsonModule(absl::string_view node2) {
  return absl::StrCat(
      "{\n"
      " \"format_version\": 1,\n"
      " \"module\": {\n"
      "  \"class_name\": \"GraphModule\",\n"
      "  \"graph\": {\n"
      "   \"nodes\": [\n"
      "    {\"name\": \"x\", \"op\": \"OP_KIND_PLACEHOLDER\", \"target\": \"x\"},\n"
      "    {",
      node2,
      "}\n"
      "   ]\n"
      "  }\n"
      " }\n"
      "}\n");
}

TEST(ConvertTest, BadJsonInputGivesLocatedErrors) {
  const std::string call = "\"name\": \"add\", \"op\": \"OP_KIND_CALL_FUNCTION\", ";
  const BadJson cases[] = {
      {"syntax: missing colon",
       JsonModule(R"("name" "y")"),
       "in.json:8:13: expected ':' after an object key, found '\"'"},
      {"syntax: truncated", "{\n \"format_version\": 1,\n \"module\": {",
       "in.json:3:13: expected a quoted object key, found the end of the input"},
      {"syntax: trailing comma", "{\"format_version\": 1,}",
       "in.json:1:22: expected a quoted object key, found '}'"},
      {"unknown enum name",
       JsonModule(R"("name": "y", "op": "OP_KIND_BOGUS")"),
       "in.json:8:19: (module.graph.nodes[1].op): invalid value \"OP_KIND_BOGUS\" for type "
       "type.googleapis.com/fxpp.proto.OpKind"},
      {"unknown enum number",
       JsonModule(R"("name": "y", "op": 42)"),
       "in.json:8:19: root module, node 'y': unknown op value 42"},
      {"unspecified enum",
       JsonModule(R"("name": "y", "op": "OP_KIND_UNSPECIFIED")"),
       "in.json:8:19: root module, node 'y': missing op"},
      {"unknown field",
       JsonModule(R"("name": "y", "bogus": 1)"),
       "in.json:8:19: (module.graph.nodes[1]) bogus: Cannot find field."},
      {"dangling reference",
       JsonModule(call + R"("target": "operator.add", "args": [{"node": "x"}, {"node": "nope"}])"),
       "in.json:8:103: root module, node 'add': refers to 'nope', which is not a node of this "
       "graph"},
      {"duplicate node name",
       JsonModule(R"("name": "x", "op": "OP_KIND_PLACEHOLDER", "target": "x")"),
       "in.json:8:6: root module: duplicate node name 'x' (nodes #0 and #1)"},
      {"missing node name",
       JsonModule(R"("op": "OP_KIND_PLACEHOLDER")"),
       "in.json:8:5: root module: node #1 has no name"},
      {"argument without value",
       JsonModule(call + R"("target": "f", "args": [{}])"),
       "in.json:8:76: root module, node 'add': argument has no value"},
      {"two values in one argument",
       JsonModule(call + R"("target": "f", "args": [{"none": {}, "int_value": 1}])"),
       "in.json:8:76: (module.graph.nodes[1].args[0]): invalid value oneof field 'value' is "
       "already set. Cannot set 'int_value' for type oneof"},
      {"not a Python identifier",
       JsonModule(R"("name": "a-b", "op": "OP_KIND_PLACEHOLDER")"),
       "in.json:8:6: root module: node name 'a-b' is not a Python identifier"},
      {"missing format version", "{\"module\": {}}",
       "in.json:1:1: root module: missing format_version"},
      {"newer format version", "{\"format_version\": 9, \"module\": {}}",
       "in.json:1:2: root module: format_version 9 is newer than this reader supports (2)"},
      {"missing module", "{\"format_version\": 1}", "in.json:1:1: root module: missing module"},
      {"not an object", "[1, 2]", "in.json:1:1: : Root element must be a message."},
  };
  for (const BadJson& c : cases) {
    SCOPED_TRACE(c.what);
    absl::StatusOr<std::unique_ptr<GraphModule>> module = ParseJson(c.text, "in.json");
    ASSERT_FALSE(module.ok());
    EXPECT_EQ(module.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_EQ(Message(module.status()), c.error);
  }
}

TEST(ConvertTest, ErrorsInSubmodulesNameTheModulePath) {
  const std::string text = R"({
 "format_version": 1,
 "module": {
  "graph": {},
  "children": [
   {"name": "outer", "module": {"children": [
     {"name": "inner", "module": {"graph": {"nodes": [
       {"name": "a", "op": "OP_KIND_CALL_FUNCTION", "target": "f", "args": [{"node": "c"}]},
       {"name": "b", "op": "OP_KIND_PLACEHOLDER", "target": "b"}
     ]}}}
   ]}}
  ],
  "state": [{"name": "w", "kind": 1, "tensor": {"dtype": "SCALAR_TYPE_FLOAT32"}}]
 }
})";
  absl::StatusOr<std::unique_ptr<GraphModule>> module = ParseJson(text, "sub.json");
  ASSERT_FALSE(module.ok());
  EXPECT_EQ(Message(module.status()),
            "sub.json:8:78: module 'outer.inner', node 'a': refers to 'c', which is not a node of "
            "this graph");
}

TEST(ConvertTest, BadStateAndTensorMetaAreRejected) {
  auto state_json = [](absl::string_view entries) {
    return absl::StrCat(R"({"format_version": 1, "module": {"state": [)", entries, "]}}");
  };
  const std::pair<std::string, std::string> cases[] = {
      {state_json(R"({"name": "w", "kind": "STATE_KIND_PARAMETER", "tensor": {}})"),
       "s.json:1:90: root module: missing tensor dtype"},
      {state_json(R"({"name": "w", "tensor": {"dtype": "SCALAR_TYPE_INT8"}})"),
       "s.json:1:44: root module: missing kind of state entry 'w'"},
      {state_json(R"({"name": "w", "kind": "STATE_KIND_BUFFER"})"),
       "s.json:1:44: root module: state entry 'w' has no tensor"},
      {state_json(R"({"name": "w", "kind": 1, "tensor": {"dtype": 7}}, )"
                  R"({"name": "w", "kind": 1, "tensor": {"dtype": 7}})"),
       "s.json:1:95: root module: attribute 'w' already exists"},
      {state_json(R"({"name": "w", "kind": 1, "tensor": {"dtype": 99}})"),
       "s.json:1:80: root module: unknown tensor dtype value 99"},
      {state_json(R"({"name": "w", "kind": 1, "tensor": {"dtype": 7, "shape": [{}]}})"),
       "s.json:1:102: root module: shape dimension 0 has no value"},
      {state_json(R"({"name": "w", "kind": 1, "tensor": {"dtype": 7, "stride": [{"expr": ""}]}})"),
       "s.json:1:104: root module: empty symbolic dimension expression"},
  };
  for (const auto& [text, error] : cases) {
    SCOPED_TRACE(text);
    absl::StatusOr<std::unique_ptr<GraphModule>> module = ParseJson(text, "s.json");
    ASSERT_FALSE(module.ok());
    EXPECT_EQ(Message(module.status()), error);
  }
}

TEST(ConvertTest, BadBinaryInputGivesClearErrors) {
  const std::string bytes = SerializeBinary(*BuildModule());
  const std::string not_proto = "\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01";
  const std::string corrupt = absl::StrCat(bytes.substr(0, 40), not_proto, bytes.substr(40));
  const std::string kCorrupt =
      "m.pb: not a valid fxpp binary GraphModule (truncated or corrupt protobuf data)";
  for (const std::string& input : {bytes.substr(0, bytes.size() / 2), bytes.substr(0, 7),
                                   bytes.substr(0, bytes.size() - 1), not_proto, corrupt}) {
    absl::StatusOr<std::unique_ptr<GraphModule>> module = ParseBinary(input, "m.pb");
    ASSERT_FALSE(module.ok());
    EXPECT_EQ(Message(module.status()), kCorrupt);
  }
  // Every prefix of a valid file fails cleanly (most are cut mid-field;
  // the few that end on a field boundary lack later required fields).
  for (size_t n = 0; n < bytes.size(); n += 13) {
    EXPECT_FALSE(ParseBinary(bytes.substr(0, n), "m.pb").ok()) << n;
  }
  // Bytes that happen to be valid protobuf but not an fxpp file.
  absl::StatusOr<std::unique_ptr<GraphModule>> module = ParseBinary("", "m.pb");
  ASSERT_FALSE(module.ok());
  EXPECT_EQ(Message(module.status()), "m.pb: root module: missing format_version");
}

// Corrupted files of both encodings either read or fail with an error;
// nothing crashes (this test is most useful under --config=asan).
TEST(ConvertTest, MutatedInputNeverCrashes) {
  std::unique_ptr<GraphModule> module = BuildModule();
  const std::string bytes = SerializeBinary(*module);
  for (size_t i = 0; i < bytes.size(); i += 3) {
    std::string mutated = bytes;
    mutated[i] = static_cast<char>(mutated[i] ^ (0x5A + i % 7));
    absl::StatusOr<std::unique_ptr<GraphModule>> read = ParseBinary(mutated, "m.pb");
    if (!read.ok()) {
      EXPECT_THAT(Message(read.status()), HasSubstr("m.pb: ")) << i;
    }
  }
  const std::string json = SerializeJson(*module).value();
  const char kReplacements[] = "{}[]\",:0-a \\";
  for (size_t i = 0; i < json.size(); i += 5) {
    std::string mutated = json;
    mutated[i] = kReplacements[i % (sizeof(kReplacements) - 1)];
    absl::StatusOr<std::unique_ptr<GraphModule>> read = ParseJson(mutated, "m.json");
    if (!read.ok()) {
      EXPECT_THAT(Message(read.status()), HasSubstr("m.json:")) << i;
    }
  }
}

TEST(ConvertTest, ClassNameWithLineBreakIsRejected) {
  proto::GraphModule message = ToProto(*BuildModule());
  message.mutable_module()->set_class_name("G\nopaque: X");
  absl::StatusOr<std::unique_ptr<GraphModule>> module =
      ParseBinary(message.SerializeAsString(), "m.pb");
  ASSERT_FALSE(module.ok());
  EXPECT_EQ(Message(module.status()), "m.pb: root module: class name contains a line break");
}

TEST(ConvertTest, BinaryValidationErrors) {
  auto graph_with = [](auto edit) {
    proto::GraphModule message = ToProto(*BuildModule());
    edit(message.mutable_module()->mutable_graph());
    return message.SerializeAsString();
  };
  const std::pair<std::string, std::string> cases[] = {
      {graph_with([](proto::Graph* g) {
         g->mutable_nodes(3)->set_op(static_cast<proto::OpKind>(42));
       }),
       "m.pb: root module, node 'fx_config': unknown op value 42"},
      {graph_with([](proto::Graph* g) {
         g->mutable_nodes(3)->mutable_args(0)->set_dtype(static_cast<proto::ScalarType>(77));
       }),
       "m.pb: root module, node 'fx_config': unknown dtype value 77"},
      {graph_with([](proto::Graph* g) {
         g->mutable_nodes(3)->mutable_args(9)->set_node("nope");
       }),
       "m.pb: root module, node 'fx_config': refers to 'nope', which is not a node of this graph"},
      {graph_with([](proto::Graph* g) {
         proto::KwArg* again = g->mutable_nodes(3)->add_kwargs();
         *again = g->nodes(3).kwargs(0);
       }),
       "m.pb: root module, node 'fx_config': keyword argument 'cfg' is given twice"},
      {graph_with([](proto::Graph* g) { g->mutable_nodes(4)->set_name("x"); }),
       "m.pb: root module: duplicate node name 'x' (nodes #0 and #4)"},
      {graph_with([](proto::Graph* g) {
         g->mutable_nodes(3)->mutable_args(0)->mutable_slice();
       }),
       "m.pb: root module, node 'fx_config': a slice needs start, stop and step (None when "
       "unset)"},
      {graph_with([](proto::Graph* g) {
         g->mutable_nodes(3)->mutable_args(0)->mutable_dict()->add_entries()->mutable_key();
       }),
       "m.pb: root module, node 'fx_config': dict entry 0 lacks its value"},
      {graph_with([](proto::Graph* g) {
         g->mutable_nodes(3)->mutable_meta()->mutable_val()->mutable_tuple()->add_elements();
       }),
       "m.pb: root module, node 'fx_config': value metadata has no value"},
      {graph_with([](proto::Graph* g) { g->mutable_nodes(3)->mutable_kwargs(0)->clear_value(); }),
       "m.pb: root module, node 'fx_config': keyword argument 'cfg' has no value"},
      // Found by //testing/fuzz:proto_binary_fuzzer: fxg printed these
      // verbatim and could not read them back.
      {graph_with([](proto::Graph* g) { g->mutable_nodes(3)->set_target("f\nopaque x: y"); }),
       "m.pb: root module, node 'fx_config': target contains a line break"},
      {graph_with([](proto::Graph* g) { g->mutable_nodes(3)->set_type_annotation("T\n"); }),
       "m.pb: root module, node 'fx_config': type annotation contains a line break"},
  };
  for (const auto& [bytes, error] : cases) {
    absl::StatusOr<std::unique_ptr<GraphModule>> module = ParseBinary(bytes, "m.pb");
    ASSERT_FALSE(module.ok());
    EXPECT_EQ(Message(module.status()), error);
  }
}

}  // namespace
}  // namespace fxpp
