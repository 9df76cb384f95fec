#include "export/exported_program.h"

#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/types/optional.h"
#include "absl/strings/str_replace.h"
#include "export/effect_tokens.h"
#include "export/program_proto.h"
#include "export/synthetic_program.h"
#include "export/validate.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/fxg/fxg.h"
#include "ir/proto/json_position.h"
#include "ir/verifier.h"
#include "testing/golden.h"
#include "testing/node_names.h"

namespace fxpp {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

// root -> lin (weight, bias) with a buffer the root mutates.
ExportedProgram SmallProgram() {
  ProgramBuilder b;
  Node* w = b.Parameter("lin.weight", {4, 4});
  Node* bias = b.Parameter("lin.bias", {4});
  Node* steps = b.Buffer("steps", {4});
  Node* x = b.UserInput("x", {2, 4});
  b.Enter("lin", "torch.nn.modules.linear.Linear");
  Node* y = b.Call("torch.ops.aten.linear.default",
                   {Argument::Ref(x), Argument::Ref(w), Argument::Ref(bias)}, {2, 4});
  b.Exit();
  Node* next = b.Call("torch.ops.aten.add.Tensor", {Argument::Ref(steps), Argument::Int(1)}, {4});
  b.MutateBuffer(steps, next);
  Node* out = b.Call("torch.ops.aten.add.Tensor", {Argument::Ref(y), Argument::Ref(next)}, {2, 4});
  return b.Finish({out});
}

std::string ValidationError(const ExportedProgram& program) {
  return std::string(ValidateExportedProgram(program).message());
}

TEST(ExportedProgramTest, BuiltProgramValidates) {
  ExportedProgram program = SmallProgram();
  EXPECT_TRUE(ValidateExportedProgram(program).ok()) << ValidateExportedProgram(program);
  EXPECT_THAT(NodeNames(program.graph_module->graph()),
              ElementsAre("p_lin_weight", "p_lin_bias", "b_steps", "x", "linear", "add", "add_1",
                          "output"));
  ASSERT_EQ(program.module_call_graph.size(), 2u);
  EXPECT_EQ(program.module_call_graph[1].fqn, "lin");
  EXPECT_EQ(program.state->FindStatePath("lin.weight")->kind, StateKind::kParameter);
}

TEST(ExportedProgramTest, StateLookupFindsEntriesAcrossModules) {
  ExportedProgram program = SmallProgram();
  StateLookup state(*program.state);
  // Same module twice, then another module, then back.
  EXPECT_EQ(state.Find("lin.weight"), program.state->FindStatePath("lin.weight"));
  EXPECT_EQ(state.Find("lin.bias"), program.state->FindStatePath("lin.bias"));
  EXPECT_EQ(state.Find("steps"), program.state->FindStatePath("steps"));
  EXPECT_EQ(state.Find("lin.weight")->name, "weight");
  EXPECT_EQ(state.Find("steps")->kind, StateKind::kBuffer);
  EXPECT_EQ(state.Find("lin.missing"), nullptr);
  EXPECT_EQ(state.Find("nope.weight"), nullptr);
  EXPECT_EQ(state.Find("nope.bias"), nullptr);
  EXPECT_EQ(state.Find("lin"), nullptr);  // a module, not an entry
  EXPECT_NE(state.Find("lin.bias"), nullptr);
}

// Paths in an order that shares, drops, extends and misses components of
// the one before (the lookup keeps the modules of the shared ones).
TEST(ExportedProgramTest, StateLookupAgreesWithFindStatePathOnNestedPaths) {
  GraphModule root;
  auto add_module = [](GraphModule& parent, absl::string_view name) {
    return parent.AddChild(name, GraphModule::Opaque("Module")).value();
  };
  auto add_state = [](GraphModule& module, absl::string_view name) {
    StateEntry entry;
    entry.name = std::string(name);
    ASSERT_TRUE(module.AddState(std::move(entry)).ok());
  };
  add_state(root, "scale");
  GraphModule* layers = add_module(root, "layers");
  for (absl::string_view layer : {"0", "1", "10"}) {
    GraphModule* block = add_module(*layers, layer);
    add_state(*block, "norm");
    for (absl::string_view proj : {"q", "k", "qk"}) add_state(*add_module(*block, proj), "weight");
  }
  const std::vector<std::string> paths = {
      "layers.0.q.weight", "layers.0.k.weight", "layers.0.qk.weight", "layers.0.norm",
      "layers.1.q.weight", "layers.10.q.weight", "layers.1.k.weight", "layers.1.q.bias",
      "layers.1.x.weight", "layers.1.k.weight", "layers.2.q.weight", "layers.1.qk.weight",
      "scale", "layers.10.k.weight", "layers", "layers.10", "layers.10.norm", "layers..q.weight",
      "lay.0.q.weight", "layers.0.q", "layers.0.q.weight.x", "layers.10.qk.weight"};
  StateLookup lookup(root);
  for (const std::string& path : paths) {
    EXPECT_EQ(lookup.Find(path), root.FindStatePath(path)) << path;
  }
  EXPECT_NE(lookup.Find("layers.10.qk.weight"), nullptr);
  EXPECT_EQ(lookup.Find("layers.10.qk.weight"),
            layers->FindChild("10")->FindChild("qk")->FindState("weight"));
}

TEST(ExportedProgramTest, JsonAndBinaryRoundTrip) {
  ExportedProgram program = SmallProgram();
  absl::StatusOr<std::string> json = SerializeExportedProgramJson(program);
  ASSERT_TRUE(json.ok()) << json.status();
  absl::StatusOr<ExportedProgram> back = ParseExportedProgramJson(*json, "p.json");
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(SerializeExportedProgramJson(*back).value(), *json);
  EXPECT_EQ(PrintFxg(*back->graph_module), PrintFxg(*program.graph_module));
  EXPECT_EQ(PrintFxg(*back->state), PrintFxg(*program.state));
  absl::StatusOr<ExportedProgram> binary =
      ParseExportedProgramBinary(SerializeExportedProgramBinary(program), "p.pb");
  ASSERT_TRUE(binary.ok()) << binary.status();
  EXPECT_EQ(SerializeExportedProgramJson(*binary).value(), *json);
}

// ReadCanonicalProgram (the binary reader's fast path) on `bytes`: when it
// takes them, protobuf's parser and ExportedProgramFromProto read the same
// program.
void ExpectFastPathAgreesWithMessageTree(const std::string& bytes, const std::string& what) {
  absl::optional<ExportedProgram> fast = ReadCanonicalProgram(bytes);
  if (!fast.has_value()) return;
  export_proto::ExportedProgram message;
  ASSERT_TRUE(message.ParseFromString(bytes)) << what << ": taken but protobuf refuses it";
  absl::StatusOr<ExportedProgram> tree = ExportedProgramFromProto(message);
  ASSERT_TRUE(tree.ok()) << what << ": taken but " << tree.status();
  EXPECT_EQ(SerializeExportedProgramBinary(*fast), SerializeExportedProgramBinary(*tree)) << what;
}

// The binary writer splices the modules' direct encoding between fields
// protobuf serializes: the result is what protobuf writes for the whole
// message (it re-serializes to the same bytes), and the fast path reads it.
TEST(ExportedProgramTest, BinaryIsProtobufsLayoutAndTakesTheFastPath) {
  std::vector<ExportedProgram> programs;
  programs.push_back(SmallProgram());
  programs.push_back(MakeExportedTransformerWithNodes(300));
  for (const ExportedProgram& program : programs) {
    const std::string bytes = SerializeExportedProgramBinary(program);
    export_proto::ExportedProgram message;
    ASSERT_TRUE(message.ParseFromString(bytes));
    EXPECT_EQ(message.SerializeAsString(), bytes);
    absl::optional<ExportedProgram> fast = ReadCanonicalProgram(bytes);
    ASSERT_TRUE(fast.has_value());
    EXPECT_EQ(SerializeExportedProgramJson(*fast).value(),
              SerializeExportedProgramJson(program).value());
  }
}

// The graph signature is encoded directly too: every argument kind, a
// present-but-false `persistent`, empty names and targets come out as
// protobuf lays them out and read back as written. (The specs need not
// make a valid program: the binary writer and reader do not validate.)
TEST(ExportedProgramTest, BinaryGraphSignatureOfEveryKindIsProtobufsLayout) {
  ExportedProgram program = SmallProgram();
  std::vector<InputSpec>& inputs = program.graph_signature.input_specs;
  inputs[2].persistent = false;
  const std::vector<ArgumentSpec::Kind> kinds = {
      ArgumentSpec::Kind::kTensor,   ArgumentSpec::Kind::kSymInt,   ArgumentSpec::Kind::kSymFloat,
      ArgumentSpec::Kind::kSymBool,  ArgumentSpec::Kind::kConstant, ArgumentSpec::Kind::kCustomObj,
      ArgumentSpec::Kind::kToken};
  for (size_t i = 0; i < kinds.size(); ++i) {
    InputSpec in;
    in.kind = i % 2 == 0 ? InputKind::kUserInput : InputKind::kConstantTensor;
    in.arg.kind = kinds[i];
    // A constant may be unnamed (module call signatures); the others need a name.
    in.arg.name = kinds[i] == ArgumentSpec::Kind::kConstant ? "" : absl::StrCat("arg", i);
    if (kinds[i] == ArgumentSpec::Kind::kConstant) in.arg.value = Argument::Int(-3);
    if (kinds[i] == ArgumentSpec::Kind::kCustomObj) in.arg.class_fqn = "torch.classes.m.C";
    if (i % 2 == 1) in.target = absl::StrCat("target", i);
    if (i == 3) in.persistent = true;
    inputs.push_back(in);
    OutputSpec out;
    out.kind = OutputKind::kUserInputMutation;
    out.arg = in.arg;
    out.target = in.target;
    program.graph_signature.output_specs.push_back(out);
  }
  const std::string bytes = SerializeExportedProgramBinary(program);
  export_proto::ExportedProgram message;
  ASSERT_TRUE(message.ParseFromString(bytes));
  EXPECT_EQ(message.SerializeAsString(), bytes);
  ASSERT_EQ(message.graph_signature().input_specs_size(), static_cast<int>(inputs.size()));
  EXPECT_TRUE(message.graph_signature().input_specs(2).has_persistent());
  absl::optional<ExportedProgram> back = ReadCanonicalProgram(bytes);
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(SerializeExportedProgramJson(*back).value(),
            SerializeExportedProgramJson(program).value());
}

// Layouts protobuf reads but does not write go through the message tree:
// a module field repeated (protobuf merges the two), an unknown field after
// a module, an overlong tag.
TEST(ExportedProgramTest, BinaryFastPathLeavesOtherLayoutsToTheMessageTree) {
  const ExportedProgram program = SmallProgram();
  const std::string bytes = SerializeExportedProgramBinary(program);
  ASSERT_EQ(bytes.substr(0, 3), std::string("\x08\x01\x12", 3));
  const std::string state_again = bytes + std::string("\x2a\x00", 2);  // state = {} merged
  const std::string module_again = bytes + std::string("\x12\x00", 2);
  const std::string overlong_tag = std::string("\x88\x00\x01", 3) + bytes.substr(2);
  for (const std::string& other : {state_again, module_again, overlong_tag}) {
    EXPECT_FALSE(ReadCanonicalProgram(other).has_value());
    absl::StatusOr<ExportedProgram> back = ParseExportedProgramBinary(other, "p.pb");
    ASSERT_TRUE(back.ok()) << back.status();
    EXPECT_EQ(SerializeExportedProgramBinary(*back), bytes);
  }
}

// Every byte of `bytes` changed in turn: the fast path never takes what the
// message tree reads differently or refuses.
void ExpectFastPathAgreesWithMessageTreeOnMutations(const std::string& bytes) {
  for (size_t i = 0; i < bytes.size(); ++i) {
    for (const int flip : {0x01, 0x80, 0xFF}) {
      std::string mutated = bytes;
      mutated[i] = static_cast<char>(mutated[i] ^ flip);
      ExpectFastPathAgreesWithMessageTree(mutated, absl::StrCat("byte ", i, " ^ ", flip));
    }
  }
}

TEST(ExportedProgramTest, BinaryFastPathAgreesWithMessageTreeOnMutatedBytes) {
  ExpectFastPathAgreesWithMessageTreeOnMutations(SerializeExportedProgramBinary(SmallProgram()));
}

// A program with every field the direct reader decodes besides the
// modules: signature arguments of every kind, a preserved module call
// signature, custom objects, aliases, a torch version. (It need not
// validate: ReadCanonicalProgram does not.)
ExportedProgram ProgramWithEveryField() {
  ExportedProgram program = SmallProgram();
  InputSpec token;
  token.kind = InputKind::kToken;
  token.arg.kind = ArgumentSpec::Kind::kToken;
  token.arg.name = "token";
  program.graph_signature.input_specs.push_back(token);
  InputSpec object;
  object.kind = InputKind::kCustomObj;
  object.arg.kind = ArgumentSpec::Kind::kCustomObj;
  object.arg.name = "obj";
  object.arg.class_fqn = "torch.classes.m.C";
  object.target = "obj";
  program.graph_signature.input_specs.push_back(object);
  ModuleCallSignature sig;
  ArgumentSpec constant;
  constant.kind = ArgumentSpec::Kind::kConstant;
  constant.value = Argument::Float(0.5);
  sig.inputs = {program.graph_signature.input_specs[3].arg, constant};
  sig.outputs = {program.graph_signature.output_specs.back().arg};
  sig.in_spec.type = "builtins.tuple";
  sig.in_spec.children.resize(2);
  sig.out_spec.children.resize(0);
  sig.forward_arg_names = {"x", "alpha"};
  program.module_call_graph[1].signature = sig;
  program.custom_objects.push_back(CustomObject{"obj", "torch.classes.m.C"});
  program.aliases.push_back(StateAlias{"lin.w", "lin.weight"});
  program.torch_version = "2.6.0+debian";
  return program;
}

// The direct reader decodes all of a program, not only its modules: it
// takes what protobuf writes for every field, reads it as the message tree
// does, and takes no changed byte that the tree reads differently.
TEST(ExportedProgramTest, BinaryFastPathReadsEveryFieldAsTheMessageTree) {
  const ExportedProgram program = ProgramWithEveryField();
  const std::string bytes = SerializeExportedProgramBinary(program);
  absl::optional<ExportedProgram> fast = ReadCanonicalProgram(bytes);
  ASSERT_TRUE(fast.has_value());
  EXPECT_EQ(SerializeExportedProgramJson(*fast).value(),
            SerializeExportedProgramJson(program).value());
  ExpectFastPathAgreesWithMessageTree(bytes, "unchanged");
  ExpectFastPathAgreesWithMessageTreeOnMutations(bytes);
}

TEST(ExportedProgramTest, ReadsWhatTheBridgeWroteForRealPrograms) {
  for (const std::string& path : ListRunfiles("testing/exported", ".json")) {
    if (absl::EndsWith(path, ".unflatten.json") || absl::EndsWith(path, "_times.json")) continue;
    SCOPED_TRACE(path);
    absl::StatusOr<ExportedProgram> program = ReadExportedProgram(path);
    ASSERT_TRUE(program.ok()) << program.status();
    EXPECT_TRUE(VerifyGraphModule(*program->graph_module).ok());
    EXPECT_FALSE(program->module_call_graph.empty());
    // In binary, the direct reader takes it and reads what the tree reads.
    const std::string bytes = SerializeExportedProgramBinary(*program);
    EXPECT_TRUE(ReadCanonicalProgram(bytes).has_value());
    ExpectFastPathAgreesWithMessageTree(bytes, path);
    EXPECT_EQ(program->torch_version, "2.6.0+debian");
  }
}

TEST(ExportedProgramTest, RealProgramDetails) {
  absl::StatusOr<ExportedProgram> program = ReadExportedProgram("testing/exported/buffers.json");
  ASSERT_TRUE(program.ok()) << program.status();
  const std::vector<InputSpec>& inputs = program->graph_signature.input_specs;
  ASSERT_FALSE(inputs.empty());
  // BatchNorm's running stats and the counter's buffers are persistent; its
  // `scale` is not, and lives among the constants in PyTorch.
  const StateEntry* scale = program->state->FindStatePath("counter.scale");
  ASSERT_NE(scale, nullptr);
  EXPECT_EQ(scale->kind, StateKind::kBuffer);
  EXPECT_FALSE(scale->persistent);
  EXPECT_EQ(program->state->FindStatePath("bn.num_batches_tracked")->tensor.dtype,
            ScalarType::kInt64);
  const ModuleCallSignature& root = *program->module_call_graph[0].signature;
  EXPECT_EQ(root.in_spec.ToString(), "TreeSpec(tuple, null, [TreeSpec(tuple, null, [*]), "
                                     "TreeSpec(dict, [], [])])");
  EXPECT_EQ(root.forward_arg_names, std::vector<std::string>{"x"});

  absl::StatusOr<ExportedProgram> shared = ReadExportedProgram("testing/exported/shared.json");
  ASSERT_TRUE(shared.ok()) << shared.status();
  ASSERT_EQ(shared->aliases.size(), 2u);
  EXPECT_EQ(shared->aliases[0].name, "b.lin.weight");
  EXPECT_EQ(shared->aliases[0].alias_of, "a.lin.weight");
}

TEST(ExportedProgramTest, TreeSpecs) {
  TreeSpec spec = RootSignature(2, 1).in_spec;
  EXPECT_EQ(spec.num_leaves(), 2);
  EXPECT_EQ(TreeSpec::Leaf().num_leaves(), 1);
  spec.children[1].context = R"(["scale", "bias"])";
  spec.children[1].children = {TreeSpec::Leaf(), TreeSpec::Leaf()};
  EXPECT_EQ(spec.num_leaves(), 4);
  EXPECT_THAT(TreeSpecDictKeys(spec.children[1]).value(), ElementsAre("scale", "bias"));
  EXPECT_THAT(TreeSpecDictKeys(spec.children[0]).status().message(),
              HasSubstr("is not a JSON list of keys"));
  spec.children[1].context = "[1]";
  EXPECT_THAT(TreeSpecDictKeys(spec.children[1]).status().message(), HasSubstr("must be strings"));
}

TEST(ExportedProgramValidationTest, PlaceholdersMustMatchInputSpecs) {
  ExportedProgram program = SmallProgram();
  program.graph_signature.input_specs.pop_back();
  EXPECT_EQ(ValidationError(program),
            "the graph has 4 placeholders but the signature lists 3 inputs");
  program = SmallProgram();
  program.graph_signature.input_specs[1].arg.name = "p_other";
  EXPECT_EQ(ValidationError(program),
            "input spec #1 (PARAMETER 'lin.bias'): names 'p_other' but placeholder #1 is "
            "'p_lin_bias'");
}

TEST(ExportedProgramValidationTest, StateMustExistWithTheRightKind) {
  ExportedProgram program = SmallProgram();
  program.graph_signature.input_specs[0].target = "lin.w";
  EXPECT_EQ(ValidationError(program),
            "input spec #0 (PARAMETER 'lin.w'): 'lin.w' is not in the program's state");
  program = SmallProgram();
  program.graph_signature.input_specs[2].kind = InputKind::kParameter;
  program.graph_signature.input_specs[2].persistent.reset();
  EXPECT_EQ(ValidationError(program),
            "input spec #2 (PARAMETER 'steps'): 'steps' is a buffer in the program's state, not "
            "a parameter");
  program = SmallProgram();
  program.graph_signature.input_specs[2].persistent.reset();
  EXPECT_EQ(ValidationError(program),
            "input spec #2 (BUFFER 'steps'): a buffer input needs `persistent`");
  program = SmallProgram();
  program.graph_signature.input_specs[2].persistent = false;
  EXPECT_THAT(ValidationError(program), HasSubstr("the signature says buffer 'steps' is not"));
  program = SmallProgram();
  program.graph_signature.input_specs[3].target = "x";
  EXPECT_EQ(ValidationError(program), "input spec #3 (USER_INPUT 'x'): must not have a target");
  program = SmallProgram();
  program.graph_signature.input_specs[0].kind = InputKind::kCustomObj;
  EXPECT_THAT(ValidationError(program), HasSubstr("its argument must be a custom object"));
}

TEST(ExportedProgramValidationTest, OutputsMustMatchOutputSpecs) {
  ExportedProgram program = SmallProgram();
  program.graph_signature.output_specs.pop_back();
  EXPECT_EQ(ValidationError(program), "the graph returns 2 values but the signature lists 1 outputs");
  program = SmallProgram();
  program.graph_signature.output_specs[1].arg.name = "linear";
  EXPECT_EQ(ValidationError(program),
            "output spec #1 (USER_OUTPUT): names 'linear' but returned value #1 is 'add_1'");
  program = SmallProgram();
  program.graph_signature.output_specs[0].target = "lin.weight";
  EXPECT_EQ(ValidationError(program),
            "output spec #0 (BUFFER_MUTATION 'lin.weight'): its target 'lin.weight' is not a "
            "buffer input of the signature");
  program = SmallProgram();
  program.graph_signature.output_specs[1].target = "x";
  EXPECT_EQ(ValidationError(program), "output spec #1 (USER_OUTPUT 'x'): must not have a target");
}

TEST(ExportedProgramValidationTest, ModuleCallGraph) {
  ExportedProgram program = SmallProgram();
  std::swap(program.module_call_graph[0], program.module_call_graph[1]);
  EXPECT_EQ(ValidationError(program),
            "the module call graph must start with the root (\"\"), not 'lin'");
  program = SmallProgram();
  program.module_call_graph.push_back(program.module_call_graph[1]);
  EXPECT_EQ(ValidationError(program), "module call 'lin': is listed twice");
  program = SmallProgram();
  program.module_call_graph[0].signature = RootSignature(2, 1);
  EXPECT_THAT(ValidationError(program),
              HasSubstr("module call '': in_spec TreeSpec(tuple, null, [TreeSpec(tuple, null, "
                        "[*, *]), TreeSpec(dict, [], [])]) has 2 leaves for 1 inputs"));
  // PyTorch 2.6 records no arguments for a preserved module in a
  // container: a signature without them is taken as none.
  program = SmallProgram();
  program.module_call_graph[1].signature = RootSignature(1, 1);
  EXPECT_EQ(ValidationError(program), "");
  EXPECT_FALSE(RecordsArguments(program.module_call_graph[1]));
  EXPECT_TRUE(RecordsArguments(program.module_call_graph[0]));
  program = SmallProgram();
  ModuleCallSignature sig = RootSignature(1, 1);
  sig.inputs.push_back(ArgumentSpec{ArgumentSpec::Kind::kTensor, "nowhere", {}, {}});
  sig.outputs.push_back(ArgumentSpec{ArgumentSpec::Kind::kTensor, "linear", {}, {}});
  program.module_call_graph[1].signature = sig;
  EXPECT_EQ(ValidationError(program),
            "module call 'lin': its signature names 'nowhere', which is not a node of the graph");
}

TEST(ExportedProgramValidationTest, AliasesAndCustomObjects) {
  ExportedProgram program = SmallProgram();
  program.aliases.push_back(StateAlias{"lin.weight", "lin.kernel"});
  EXPECT_EQ(ValidationError(program),
            "alias 'lin.weight' of 'lin.kernel': 'lin.kernel' is not in the program's state");
  program = SmallProgram();
  program.custom_objects.push_back(CustomObject{"steps", "__torch__.Foo"});
  EXPECT_EQ(ValidationError(program), "'steps' is both a tensor and a custom object");
}

// Issue 21: unflatten followed alias chains without end (StateNames).
TEST(ExportedProgramValidationTest, AliasCyclesAreErrors) {
  ExportedProgram program = SmallProgram();
  program.aliases.push_back(StateAlias{"lin.weight", "lin.weight"});
  EXPECT_EQ(ValidationError(program),
            "alias 'lin.weight' leads back to itself (it names itself); aliases must end at a "
            "tensor's own name");
  program = SmallProgram();
  program.aliases.push_back(StateAlias{"lin.weight", "lin.bias"});
  program.aliases.push_back(StateAlias{"lin.bias", "lin.weight"});
  EXPECT_THAT(ValidationError(program), HasSubstr("leads back to itself (an alias cycle)"));
  // A chain that ends at a tensor is fine.
  program = SmallProgram();
  program.aliases.push_back(StateAlias{"lin.weight", "lin.bias"});
  EXPECT_EQ(ValidationError(program), "");
}

// Issue 21: a "" or "a..b" module path sent ReorderSubmodules into endless
// recursion; depth is bounded as well.
TEST(ExportedProgramValidationTest, ModulePathsNeedNamesAndBoundedDepth) {
  EXPECT_TRUE(CheckModulePath("a.b", "p").ok());
  for (absl::string_view bad : {"", "a..b", ".a", "a."}) {
    EXPECT_THAT(std::string(CheckModulePath(bad, "p").message()),
                HasSubstr("p: a module path needs a name between its dots")) << bad;
  }
  EXPECT_THAT(std::string(CheckModulePath("a.a.a.a.a.a.a.a.a.a.a.a.a", "p").message()),
              HasSubstr("nested more than"));
}

TEST(ExportedProgramParseTest, ClearErrorsForBadFiles) {
  absl::StatusOr<std::string> json = SerializeExportedProgramJson(SmallProgram());
  ASSERT_TRUE(json.ok());
  auto parse_error = [](absl::string_view text) {
    return std::string(ParseExportedProgramJson(text, "p.json").status().message());
  };
  EXPECT_THAT(parse_error(absl::StrReplaceAll(*json, {{"INPUT_KIND_PARAMETER", "INPUT_KIND_WEIGHT"}})),
              HasSubstr(": not an fxpp exported program: "));
  EXPECT_THAT(parse_error(absl::StrReplaceAll(*json, {{"INPUT_KIND_PARAMETER", "INPUT_KIND_WEIGHT"}})),
              HasSubstr("INPUT_KIND_WEIGHT"));
  EXPECT_EQ(parse_error(absl::StrReplaceAll(*json, {{"\"INPUT_KIND_PARAMETER\"", "0"}})),
            "p.json: graph_signature.input_specs[0]: missing input kind");
  EXPECT_EQ(parse_error(absl::StrReplaceAll(*json, {{"\"INPUT_KIND_PARAMETER\"", "42"}})),
            "p.json: graph_signature.input_specs[0]: unknown input kind value 42");
  EXPECT_EQ(parse_error(absl::StrReplaceAll(*json, {{"\"format_version\": 1,\n \"graph_module\"",
                                                     "\"format_version\": 7,\n \"graph_module\""}})),
            "p.json: format_version 7 is newer than this reader supports (1)");
  EXPECT_EQ(parse_error("{}"), "p.json: missing format_version");
  EXPECT_THAT(parse_error(absl::StrReplaceAll(*json, {{"\"name\": \"b_steps\"", "\"name\": \"\""}})),
              HasSubstr("p.json: graph_module: root module: node #2 has no name"));
  EXPECT_EQ(std::string(ParseExportedProgramBinary("\x01garbage", "p.pb").status().message()),
            "p.pb: not an fxpp binary exported program");
  EXPECT_THAT(std::string(ReadExportedProgram("/no/such/file.json").status().message()),
              HasSubstr("cannot open"));
}

// Errors of protobuf's JSON parser (syntax, unknown fields, numbers out of
// range) point at the place in the text: issue 21's "module: Cannot find
// field." came without one.
TEST(ExportedProgramParseTest, JsonErrorsHaveLineAndColumn) {
  absl::StatusOr<std::string> json = SerializeExportedProgramJson(SmallProgram());
  ASSERT_TRUE(json.ok());
  auto parse_error = [](absl::string_view text) {
    return std::string(ParseExportedProgramJson(text, "p.json").status().message());
  };
  // "p.json:LINE:COLUMN" of the first occurrence of `needle`, plus `shift` bytes.
  auto at = [](absl::string_view text, absl::string_view needle, size_t shift = 0) {
    const size_t offset = text.find(needle);
    EXPECT_NE(offset, absl::string_view::npos) << needle;
    return json_position::Located("p.json", text, offset + shift);
  };
  std::string unknown_root = *json;
  unknown_root.insert(1, "\"module\": 2,");
  EXPECT_EQ(parse_error(unknown_root), at(unknown_root, "\"module\"") +
                                           ": not an fxpp exported program: module: Cannot find field.");
  std::string unknown_nested = *json;
  unknown_nested.insert(unknown_nested.find("\"class_name\""), "\"bogus\": 0, ");
  EXPECT_EQ(parse_error(unknown_nested),
            at(unknown_nested, "\"bogus\"") +
                ": not an fxpp exported program: (graph_module.module) bogus: Cannot find field.");
  std::string overflow = *json;
  overflow.insert(1, "\"format_version\": 1e999,");
  EXPECT_EQ(parse_error(overflow),
            at(overflow, "1e999") + ": not an fxpp exported program: Number exceeds the range of double.");
  const std::string syntax = absl::StrReplaceAll(*json, {{"\"graph_module\": {", "\"graph_module\": {,"}});
  EXPECT_THAT(parse_error(syntax), ::testing::StartsWith(at(syntax, "{,", 1) + ": "));
}

// with_effects(token, op, *args) -> op(*args), as torch.export's
// _remove_effect_tokens does.
TEST(RemoveEffectTokensTest, RewritesEffectfulCallsAndDropsTokens) {
  absl::StatusOr<ExportedProgram> program = ReadExportedProgram("testing/exported/effects.json");
  ASSERT_TRUE(program.ok()) << program.status();
  ASSERT_EQ(program->graph_signature.input_specs[0].kind, InputKind::kToken);
  absl::StatusOr<bool> removed = RemoveEffectTokens(*program);
  ASSERT_TRUE(removed.ok()) << removed.status();
  EXPECT_TRUE(*removed);
  EXPECT_TRUE(ValidateExportedProgram(*program).ok()) << ValidateExportedProgram(*program);
  const Graph& g = program->graph_module->graph();
  EXPECT_THAT(NodeNames(g), ElementsAre("p_lin_weight", "p_lin_bias", "x", "_print_default",
                                        "permute", "addmm", "output"));
  const Node* print = g.FindNode("_print_default");
  EXPECT_EQ(print->target(), "torch.ops.aten._print.default");
  EXPECT_EQ(print->args()[0].text(), "fxpp");
  EXPECT_EQ(print->num_users(), 0u);  // kept: it has effects
  EXPECT_FALSE(RemoveEffectTokens(*program).value());
}

TEST(FxCallFunctionNameTest, AsFxNamesNodesItCreates) {
  EXPECT_EQ(FxCallFunctionName("torch.ops.aten._print.default"), "_print_default");
  EXPECT_EQ(FxCallFunctionName("torch.ops.aten.sym_size.int"), "sym_size_int");
  EXPECT_EQ(FxCallFunctionName("torch.ops.aten.copy_"), "copy_");
  EXPECT_EQ(FxCallFunctionName("operator.getitem"), "getitem");
}

TEST(RemoveEffectTokensTest, TokenCountsMustAgree) {
  absl::StatusOr<ExportedProgram> program = ReadExportedProgram("testing/exported/effects.json");
  ASSERT_TRUE(program.ok());
  program->graph_signature.output_specs[0].kind = OutputKind::kUserOutput;
  EXPECT_EQ(RemoveEffectTokens(*program).status().message(),
            "the signature has 1 input tokens but 0 output tokens");
}

}  // namespace
}  // namespace fxpp
