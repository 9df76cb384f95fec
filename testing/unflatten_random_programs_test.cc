// Unflatten on thousands of random exported programs: random module trees,
// modules called several times (with the same or different constants, so
// that some calls' graphs merge and others must not), nested calls, values
// crossing module boundaries in both directions, buffers updated inside
// calls and read afterwards. Every program must unflatten, and to a module
// that computes what the program does (CheckUnflattenComputation).
#include <cstdint>
#include <random>
#include <string>
#include <vector>

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

class RandomProgram {
 public:
  explicit RandomProgram(uint32_t seed) : random_(seed) {}

  ExportedProgram Build() {
    MakeModuleTree();
    values_.push_back(b_.UserInput("x", kShape));
    if (Chance(2)) values_.push_back(b_.UserInput("y", kShape));
    const int calls = 1 + Pick(4);
    for (int i = 0; i < calls; ++i) CallModule(children_[0][Pick(children_[0].size())]);
    std::vector<Node*> outputs = {values_.back()};
    if (Chance(2)) outputs.push_back(values_[Pick(values_.size())]);
    return b_.Finish(outputs);
  }

 private:
  struct Module {
    std::string path;
    Node* weight = nullptr;        // created at the module's first call
    Node* buffer_input = nullptr;  // its buffer's placeholder, if it has one
    Node* buffer = nullptr;        // the buffer's current value
    bool has_buffer = false;
    bool buffer_updated = false;
    int calls = 0;
  };

  size_t Pick(size_t n) { return random_() % n; }
  bool Chance(int one_in) { return Pick(one_in) == 0; }

  // Module 0 is the root; every other module is a child of an earlier one.
  void MakeModuleTree() {
    const size_t count = 2 + Pick(5);
    modules_.resize(count);
    children_.resize(count);
    for (size_t i = 1; i < count; ++i) {
      const size_t parent = Pick(i);
      modules_[i].path =
          parent == 0 ? absl::StrCat("m", i) : absl::StrCat(modules_[parent].path, ".m", i);
      modules_[i].has_buffer = Chance(3);
      children_[parent].push_back(i);
    }
    // The root calls at least one module.
    if (children_[0].empty()) children_[0].push_back(1);
  }

  Node* Op(absl::string_view target, std::vector<Argument> args) {
    Node* node = b_.Call(target, std::move(args), kShape);
    values_.push_back(node);
    return node;
  }

  Node* AnyValue() { return values_[Pick(values_.size())]; }

  // One call of module `index`: a few ops on its input, its parameter and
  // values from anywhere before, calls of its children, maybe a buffer
  // update.
  void CallModule(size_t index) {
    Module& module = modules_[index];
    if (module.weight == nullptr) {
      module.weight = b_.Parameter(module.path + ".weight", kShape);
      if (module.has_buffer) {
        module.buffer_input = b_.Buffer(module.path + ".buf", kShape);
        module.buffer = module.buffer_input;
      }
    }
    b_.Enter(module.path, absl::StrCat("M", index), module.calls++);
    Node* current =
        Op("torch.ops.aten.mul.Tensor", {Argument::Ref(AnyValue()), Argument::Ref(module.weight)});
    const int steps = 1 + static_cast<int>(Pick(4));
    for (int step = 0; step < steps; ++step) {
      const size_t what = Pick(5);
      if (what == 0 && !children_[index].empty() && depth_ < 4) {
        ++depth_;
        CallModule(children_[index][Pick(children_[index].size())]);
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
      } else {
        current = Op("torch.ops.aten.relu.default", {Argument::Ref(current)});
      }
    }
    // Export records one update per buffer: the last value written.
    if (module.buffer != nullptr && !module.buffer_updated && Chance(2)) {
      module.buffer =
          Op("torch.ops.aten.add.Tensor", {Argument::Ref(module.buffer), Argument::Ref(current)});
      b_.MutateBuffer(module.buffer_input, module.buffer);
      module.buffer_updated = true;
    }
    b_.Exit();
  }

  std::mt19937 random_;
  ProgramBuilder b_;
  std::vector<Module> modules_;
  std::vector<std::vector<size_t>> children_;
  std::vector<Node*> values_;
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
  if (unflattened == nullptr) return out;
  absl::StrAppend(&out, FormatModuleTree(*unflattened));
  for (const ModulePath& entry : ListModules(*unflattened, CallModules::kWithCalls)) {
    if (entry.same_as.empty() && entry.module->has_graph()) {
      absl::StrAppend(&out, entry.path, ":\n", PrintFxGraph(entry.module->graph()));
    }
  }
  return out;
}

TEST(UnflattenRandomProgramsTest, EveryProgramUnflattensToWhatItComputes) {
  constexpr uint32_t kPrograms = 3000;
  for (uint32_t seed = 0; seed < kPrograms; ++seed) {
    ExportedProgram program = RandomProgram(seed).Build();
    absl::StatusOr<UnflattenResult> result = Unflatten(program);
    ASSERT_TRUE(result.ok()) << "seed " << seed << ": " << result.status() << "\n"
                             << Describe(program, nullptr);
    const absl::Status same = CheckUnflattenComputation(program, *result);
    ASSERT_TRUE(same.ok()) << "seed " << seed << ": " << same << "\n"
                           << Describe(program, result->module.get());
  }
}

}  // namespace
}  // namespace fxpp
