// Unflatten on thousands of random exported programs: random module trees,
// modules called several times (with the same or different constants, so
// that some calls' graphs merge and others must not), nested calls, values
// crossing module boundaries in both directions, buffers updated inside
// calls and read afterwards. Every program must unflatten, and to a module
// that computes what the program does (CheckUnflattenComputation).
#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "export/module_tree.h"
#include "export/synthetic_program.h"
#include "export/unflatten.h"
#include "gtest/gtest.h"
#include "ir/fx_text/fx_text.h"
#include "testing/unflatten_computation.h"

namespace fxpp {
namespace {

const DimVector kShape = {4};

enum class Variant {
  kPlain,
  // About half the modules have every call's signature preserved (export's
  // preserve_module_call_signature): their calls take the values they read
  // from outside and return the values read after them.
  kPreserved,
  // About half the modules are also reachable under a second name, beside
  // the first, as strict export records them: one key for both names.
  kShared,
};

class RandomProgram {
 public:
  RandomProgram(uint32_t seed, Variant variant) : random_(seed), variant_(variant) {}

  ExportedProgram Build() {
    MakeModuleTree();
    values_.push_back(b_.UserInput("x", kShape));
    if (Chance(2)) values_.push_back(b_.UserInput("y", kShape));
    const int calls = 1 + Pick(4);
    for (int i = 0; i < calls; ++i) {
      CallChild(0, "");
      if (Chance(3)) UpdateBufferAtRoot();
    }
    std::vector<Node*> outputs = {values_.back()};
    if (Chance(2)) outputs.push_back(values_[Pick(values_.size())]);
    // Unflatten removes dead code first, as PyTorch's does; a preserved call
    // left without nodes would be an error, and export's own programs have
    // no dead code. Without preserved signatures, half the programs keep it.
    if (variant_ == Variant::kPreserved || Chance(2)) {
      for (Node* value : values_) {
        if (value->num_users() == 0 && value != outputs[0]) outputs.push_back(value);
      }
    }
    for (const CallRecord& call : calls_) {
      if (modules_[call.module].preserved) PreserveSignature(call, outputs);
    }
    return b_.Finish(outputs);
  }

 private:
  static constexpr size_t kNoAlias = ~size_t{0};
  struct Module {
    std::string path;              // its first name's
    std::string name;              // the last part of the path it is reached by
    size_t alias_of = kNoAlias;    // a second name of that module
    Node* weight = nullptr;        // created at the module's first call
    Node* buffer_input = nullptr;  // its buffer's placeholder, if it has one
    Node* buffer = nullptr;        // the buffer's current value
    bool has_buffer = false;
    bool buffer_updated = false;
    bool preserved = false;
  };
  // One module call and the nodes made in it (nested calls' included).
  struct CallRecord {
    size_t module;
    int call;
    std::vector<Node*> nodes;
  };

  size_t Pick(size_t n) { return random_() % n; }
  bool Chance(int one_in) { return Pick(one_in) == 0; }

  // Module 0 is the root; every other module is a child of an earlier one.
  // A second name is a child of the same parent (`s3` for `m3`).
  void MakeModuleTree() {
    const size_t count = 2 + Pick(5);
    modules_.resize(count);
    children_.resize(count);
    for (size_t i = 1; i < count; ++i) {
      const size_t parent = Pick(i);
      modules_[i].name = absl::StrCat("m", i);
      modules_[i].path = JoinPath(modules_[parent].path, modules_[i].name);
      modules_[i].has_buffer = Chance(3);
      modules_[i].preserved = variant_ == Variant::kPreserved && Chance(2);
      children_[parent].push_back(i);
      if (variant_ == Variant::kShared && Chance(2)) {
        Module alias;
        alias.name = absl::StrCat("s", i);
        alias.alias_of = i;
        modules_.push_back(alias);
        children_[parent].push_back(modules_.size() - 1);
      }
    }
    children_.resize(modules_.size());
    // The root calls at least one module.
    if (children_[0].empty()) children_[0].push_back(1);
  }

  static std::string JoinPath(absl::string_view prefix, absl::string_view name) {
    return prefix.empty() ? std::string(name) : absl::StrCat(prefix, ".", name);
  }

  // A call of a random child of module `parent`, reached by path `via`.
  void CallChild(size_t parent, const std::string& via) {
    const size_t child = children_[parent][Pick(children_[parent].size())];
    const size_t module = modules_[child].alias_of == kNoAlias ? child : modules_[child].alias_of;
    CallModule(module, JoinPath(via, modules_[child].name));
  }

  Node* Op(absl::string_view target, std::vector<Argument> args) {
    Node* node = b_.Call(target, std::move(args), kShape);
    values_.push_back(node);
    for (size_t call : open_calls_) calls_[call].nodes.push_back(node);
    return node;
  }

  Node* AnyValue() { return values_[Pick(values_.size())]; }

  // One call of module `index`, reached by path `via`: a few ops on its
  // input, its parameter and values from anywhere before, calls of its
  // children, maybe a buffer update. Its key is its first name's, its call
  // index counts the calls by `via`.
  void CallModule(size_t index, const std::string& via) {
    Module& module = modules_[index];
    if (module.weight == nullptr) {
      module.weight = b_.Parameter(module.path + ".weight", kShape);
      if (module.has_buffer) {
        module.buffer_input = b_.Buffer(module.path + ".buf", kShape);
        module.buffer = module.buffer_input;
      }
    }
    const int call = calls_by_path_[via]++;
    calls_.push_back(CallRecord{index, call, {}});
    open_calls_.push_back(calls_.size() - 1);
    b_.Enter(via, absl::StrCat("M", index), call, absl::StrReplaceAll(module.path, {{".", "_"}}));
    Node* current =
        Op("torch.ops.aten.mul.Tensor", {Argument::Ref(AnyValue()), Argument::Ref(module.weight)});
    const int steps = 1 + static_cast<int>(Pick(4));
    for (int step = 0; step < steps; ++step) {
      const size_t what = Pick(6);
      if (what == 0 && !children_[index].empty() && depth_ < 4) {
        ++depth_;
        CallChild(index, via);
        --depth_;
        current = Op("torch.ops.aten.add.Tensor",
                     {Argument::Ref(current), Argument::Ref(values_.back())});
      } else if (what == 1) {
        // The same constant in most calls, so that their graphs merge.
        current = Op("torch.ops.aten.mul.Tensor",
                     {Argument::Ref(current), Argument::Int(Chance(3) ? 3 : 2)});
      } else if (what == 2) {
        current =
            Op("torch.ops.aten.sub.Tensor", {Argument::Ref(current), Argument::Ref(AnyValue())});
      } else if (what == 3 && module.buffer != nullptr) {
        current =
            Op("torch.ops.aten.add.Tensor", {Argument::Ref(current), Argument::Ref(module.buffer)});
      } else if (what == 4) {
        current = Split(current);
      } else {
        current = Op("torch.ops.aten.relu.default", {Argument::Ref(current)});
      }
    }
    // Export records one update per buffer: the last value written.
    if (module.buffer != nullptr && !module.buffer_updated && Chance(2)) {
      module.buffer =
          Op("torch.ops.aten.add.Tensor", {Argument::Ref(module.buffer), Argument::Ref(current)});
      b_.MutateBuffer(module.buffer_input, module.buffer);
      buffer_updates_.insert(module.buffer);
      module.buffer_updated = true;
    }
    b_.Exit();
    open_calls_.pop_back();
  }

  // A multi-output op and both its getitems: the first goes on, the second
  // is a value any later node may read (in another call, across modules).
  Node* Split(Node* value) {
    Node* parts =
        b_.Call("torch.ops.aten.split.Tensor", {Argument::Ref(value), Argument::Int(2)}, kShape);
    parts->mutable_meta().val = ValueMeta::Tuple(
        {ValueMeta::Tensor(FloatTensor({2})), ValueMeta::Tensor(FloatTensor({2}))});
    for (size_t call : open_calls_) calls_[call].nodes.push_back(parts);
    Node* first = Op("operator.getitem", {Argument::Ref(parts), Argument::Int(0)});
    Op("operator.getitem", {Argument::Ref(parts), Argument::Int(1)});
    return first;
  }

  // `self.m.buf.add_(...)` in the root's own code: the new value is computed
  // outside every call, and the module's later calls read it.
  void UpdateBufferAtRoot() {
    Module& module = modules_[1 + Pick(modules_.size() - 1)];
    if (module.buffer == nullptr || module.buffer_updated) return;
    module.buffer =
        Op("torch.ops.aten.add.Tensor", {Argument::Ref(module.buffer), Argument::Ref(AnyValue())});
    b_.MutateBuffer(module.buffer_input, module.buffer);
    buffer_updates_.insert(module.buffer);
    module.buffer_updated = true;
  }

  // The call's signature as export records it: the values from outside its
  // nodes read (state aside), the values of its nodes read after it.
  void PreserveSignature(const CallRecord& call, const std::vector<Node*>& outputs) {
    const absl::flat_hash_set<const Node*> inside(call.nodes.begin(), call.nodes.end());
    std::vector<const Node*> inputs, results;
    absl::flat_hash_set<const Node*> seen;
    for (const Node* node : call.nodes) {
      node->ForEachInput([&](const Node* input) {
        const bool state =
            input->op() == OpKind::kPlaceholder && input->name() != "x" && input->name() != "y";
        if (!inside.contains(input) && !state && seen.insert(input).second) {
          inputs.push_back(input);
        }
      });
      // A buffer's new value is read after the call through the buffer, not
      // returned (unflatten passes it on as PyTorch's _IVals do).
      if (buffer_updates_.contains(node)) continue;
      bool read_after = std::find(outputs.begin(), outputs.end(), node) != outputs.end();
      for (const Node* user : node->users()) read_after = read_after || !inside.contains(user);
      if (read_after) results.push_back(node);
    }
    ModuleCallSignature sig = RootSignature(inputs.size(), results.size());
    for (const Node* input : inputs) {
      sig.inputs.push_back(
          ArgumentSpec{ArgumentSpec::Kind::kTensor, std::string(input->name()), {}, {}});
    }
    for (const Node* result : results) {
      sig.outputs.push_back(
          ArgumentSpec{ArgumentSpec::Kind::kTensor, std::string(result->name()), {}, {}});
    }
    const std::string& path = modules_[call.module].path;
    b_.PreserveSignature(call.call == 0 ? path : absl::StrCat(path, "@", call.call), sig);
  }

  std::mt19937 random_;
  const Variant variant_;
  ProgramBuilder b_;
  std::vector<Module> modules_;
  std::vector<std::vector<size_t>> children_;
  std::vector<Node*> values_;
  std::vector<CallRecord> calls_;
  std::vector<size_t> open_calls_;  // positions in calls_
  absl::flat_hash_set<const Node*> buffer_updates_;
  absl::flat_hash_map<std::string, int> calls_by_path_;
  int depth_ = 0;
};

// What a failure shows: the program's graph with each node's module calls
// (its nn_module_stack keys), then the unflattened module tree and graphs.
std::string Describe(const ExportedProgram& program, const GraphModule* unflattened) {
  std::string out = PrintFxGraph(program.graph_module->graph());
  for (const Node* node : program.graph_module->graph().nodes()) {
    absl::StrAppend(&out, node->name(), ":");
    for (const ModuleStackEntry& entry : node->meta().nn_module_stack) {
      absl::StrAppend(&out, " ", entry.key.str());
    }
    out += "\n";
  }
  for (const ModuleCallEntry& entry : program.module_call_graph) {
    if (entry.signature.has_value()) absl::StrAppend(&out, "preserved call '", entry.fqn, "'\n");
  }
  if (unflattened == nullptr) return out;
  absl::StrAppend(&out, FormatModuleTree(*unflattened));
  for (const ModulePath& entry : ListModules(*unflattened, CallModules::kWithCalls)) {
    if (entry.same_as.empty() && entry.module->has_graph()) {
      absl::StrAppend(&out, entry.path, ":\n", PrintFxGraph(entry.module->graph()));
    }
  }
  return out;
}

constexpr uint32_t kPrograms = 3000;

void CheckRandomPrograms(Variant variant) {
  for (uint32_t seed = 0; seed < kPrograms; ++seed) {
    ExportedProgram program = RandomProgram(seed, variant).Build();
    absl::StatusOr<UnflattenResult> result = Unflatten(program);
    ASSERT_TRUE(result.ok()) << "seed " << seed << ": " << result.status() << "\n"
                             << Describe(program, nullptr);
    const absl::Status same = CheckUnflattenComputation(program, *result);
    ASSERT_TRUE(same.ok()) << "seed " << seed << ": " << same << "\n"
                           << Describe(program, result->module.get());
  }
}

TEST(UnflattenRandomProgramsTest, EveryProgramUnflattensToWhatItComputes) {
  CheckRandomPrograms(Variant::kPlain);
}

TEST(UnflattenRandomProgramsTest, WithPreservedSignaturesToo) {
  CheckRandomPrograms(Variant::kPreserved);
}

// A module called under two names may trace differently under each, which
// one module cannot run: such programs are refused (InvalidArgument). The
// others must unflatten to what they compute.
TEST(UnflattenRandomProgramsTest, WithSharedModulesRefusedOrRight) {
  uint32_t unflattened = 0;
  for (uint32_t seed = 0; seed < kPrograms; ++seed) {
    ExportedProgram program = RandomProgram(seed, Variant::kShared).Build();
    absl::StatusOr<UnflattenResult> result = Unflatten(program);
    if (!result.ok()) {
      ASSERT_EQ(result.status().code(), absl::StatusCode::kInvalidArgument)
          << "seed " << seed << ": " << result.status() << "\n"
          << Describe(program, nullptr);
      continue;
    }
    const absl::Status same = CheckUnflattenComputation(program, *result);
    ASSERT_TRUE(same.ok()) << "seed " << seed << ": " << same << "\n"
                           << Describe(program, result->module.get());
    ++unflattened;
  }
  EXPECT_GT(unflattened, kPrograms / 2);
}

}  // namespace
}  // namespace fxpp
