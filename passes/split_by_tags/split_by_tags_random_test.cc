// split_by_tags on thousands of random tagged graphs: tags in blocks or
// scattered, components listed in any order, values crossing components in
// every direction (multi-output ops' tuples and their getitems apart, a
// parameter and a buffer read in several components, in-place writes to the
// buffer and to an input). Each split either computes what the graph did
// (CheckSameComputation, calls inlined) and verifies, or is refused with
// InvalidArgument (a component listed before one it reads from, a write and
// a read of one tensor whose order the split would change).
#include <algorithm>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "ir/fx_text/fx_text.h"
#include "ir/graph_module.h"
#include "ir/verifier.h"
#include "passes/split_by_tags/split_by_tags.h"
#include "testing/same_computation.h"

namespace fxpp {
namespace {

Argument Ref(Node* n) { return Argument::Ref(n); }

ValueMeta Tensor() {
  TensorMeta t;
  t.shape = {4, 4};
  return ValueMeta::Tensor(std::move(t));
}

class RandomTaggedGraph {
 public:
  explicit RandomTaggedGraph(uint32_t seed) : random_(seed) {}

  std::unique_ptr<GraphModule> Build() {
    module_ = std::make_unique<GraphModule>();
    for (const char* name : {"w", "buf"}) {
      TensorMeta meta;
      meta.shape = {4, 4};
      const StateKind kind = name[0] == 'w' ? StateKind::kParameter : StateKind::kBuffer;
      (void)module_->AddState(StateEntry{name, kind, meta, true});
    }
    Graph& g = module_->graph();
    for (const char* name : {"x", "y"}) {
      Node* input = g.Placeholder(name);
      input->mutable_meta().val = Tensor();
      values_.push_back(input);
    }
    const size_t tags = 1 + Pick(4);
    for (size_t t = 0; t < tags; ++t) tags_.push_back(absl::StrCat("t", t));
    const bool blocks = Chance(2);
    const size_t ops = 3 + Pick(25);
    for (size_t i = 0; i < ops; ++i) {
      tag_ = tags_[blocks ? i * tags / ops : Pick(tags)];
      AddOp();
    }
    std::vector<Argument> outputs = {Ref(values_.back())};
    if (Chance(2)) outputs.push_back(Ref(Any()));
    g.Output(Argument::Tuple(std::move(outputs)));
    return std::move(module_);
  }

  // The component order to split with: the tags' own order, or shuffled.
  std::vector<std::string> Order() {
    std::vector<std::string> order = tags_;
    if (Chance(2)) std::shuffle(order.begin(), order.end(), random_);
    return order;
  }

 private:
  size_t Pick(size_t n) { return random_() % n; }
  bool Chance(int one_in) { return Pick(one_in) == 0; }
  Node* Any() { return values_[Pick(values_.size())]; }

  Node* Call(absl::string_view target, std::vector<Argument> args, bool value = true) {
    Node* node = module_->graph().CallFunction(target, std::move(args));
    node->mutable_meta().val = Tensor();
    node->mutable_meta().tag = Symbol::Intern(tag_);
    if (value) values_.push_back(node);
    return node;
  }

  Node* Attribute(const char* name) {
    Node* node = module_->graph().GetAttr(name);
    node->mutable_meta().val = Tensor();
    return node;
  }

  void AddOp() {
    switch (Pick(8)) {
      case 0:
        Call("torch.ops.aten.add.Tensor", {Ref(Any()), Ref(Any())});
        break;
      case 1:
        Call("torch.ops.aten.mul.Tensor", {Ref(Any()), Argument::Int(2 + Pick(2))});
        break;
      case 2:
        Call("torch.ops.aten.linear.default", {Ref(Any()), Ref(Attribute("w"))});
        break;
      case 3:
        Call("torch.ops.aten.add.Tensor", {Ref(Any()), Ref(Attribute("buf"))});
        break;
      case 4: {
        // The tuple is no value of its own: only its getitems are read,
        // which may land in other components.
        Node* parts = Call("torch.ops.aten.split.Tensor", {Ref(Any()), Argument::Int(2)}, false);
        parts->mutable_meta().val = ValueMeta::Tuple({Tensor(), Tensor()});
        Call("operator.getitem", {Ref(parts), Argument::Int(0)});
        if (Chance(2)) tag_ = tags_[Pick(tags_.size())];
        Call("operator.getitem", {Ref(parts), Argument::Int(1)});
        break;
      }
      case 5:
        Call("torch.ops.aten.add_.Tensor", {Ref(Attribute("buf")), Ref(Any())}, false);
        break;
      case 6:
        if (Chance(3))
          Call("torch.ops.aten.mul_.Tensor", {Ref(values_[0]), Argument::Int(2)}, false);
        break;
      default:
        Call("torch.ops.aten.relu.default", {Ref(Any())});
    }
  }

  std::mt19937 random_;
  std::unique_ptr<GraphModule> module_;
  std::vector<Node*> values_;
  std::vector<std::string> tags_;
  std::string tag_;
};

TEST(SplitByTagsRandomTest, EverySplitComputesWhatTheGraphDidOrIsRefused) {
  constexpr uint32_t kGraphs = 3000;
  uint32_t split = 0;
  for (uint32_t seed = 0; seed < kGraphs; ++seed) {
    RandomTaggedGraph random(seed);
    std::unique_ptr<GraphModule> module = random.Build();
    ASSERT_TRUE(VerifyGraphModule(*module).ok()) << seed << ": " << VerifyGraphModule(*module);
    const std::vector<std::string> order = random.Order();
    absl::StatusOr<SplitByTagsResult> result = SplitByTags(*module, order);
    if (!result.ok()) {
      ASSERT_EQ(result.status().code(), absl::StatusCode::kInvalidArgument)
          << "seed " << seed << ": " << result.status() << "\n"
          << PrintFxGraph(module->graph());
      continue;
    }
    ASSERT_TRUE(VerifyGraphModule(*result->module).ok())
        << "seed " << seed << ": " << VerifyGraphModule(*result->module) << "\n"
        << PrintFxGraph(module->graph());
    const absl::Status same = CheckSameComputation(*module, *result->module);
    ASSERT_TRUE(same.ok()) << "seed " << seed << ": " << same << "\n"
                           << PrintFxGraph(module->graph())
                           << PrintFxGraph(result->module->graph());
    ++split;
  }
  EXPECT_GT(split, kGraphs / 3);
}

}  // namespace
}  // namespace fxpp
