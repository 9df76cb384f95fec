// Dedup on thousands of random layer stacks: a random block repeated several
// times, chained or residual, some copies differing in a constant, a weight
// shared or per layer, views, in-place ops on intermediates and on the
// block's input, a multi-output op, and noise between the copies. Whatever
// dedup replaces, the result must verify and compute what the input did
// (CheckSameComputation: regions that differ in a constant must not merge,
// outputs must be wired to the right getitem).
#include <cstdint>
#include <limits>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "ir/fx_text/fx_text.h"
#include "ir/graph_module.h"
#include "ir/verifier.h"
#include "passes/dedup/dedup.h"
#include "testing/same_computation.h"

namespace fxpp {
namespace {

const DimVector kSquare = {4, 4};

ValueMeta Tensor(DimVector shape) {
  TensorMeta t;
  t.shape = std::move(shape);
  return ValueMeta::Tensor(std::move(t));
}

Argument Ref(Node* n) { return Argument::Ref(n); }

class RandomStack {
 public:
  explicit RandomStack(uint32_t seed) : random_(seed) {}

  std::unique_ptr<GraphModule> Build() {
    module_ = std::make_unique<GraphModule>();
    Graph& g = module_->graph();
    Node* x = Value(g.Placeholder("x"), kSquare);
    outside_ = {x, Value(g.Placeholder("y"), kSquare)};
    MakeBlock();
    const size_t copies = 2 + Pick(5);
    const bool residual = Chance(2);
    for (size_t copy = 0; copy < copies; ++copy) {
      Node* out = EmitBlock(copy, x);
      x = residual ? Call("torch.ops.aten.add.Tensor", {Ref(x), Ref(out)}) : out;
      for (size_t k = Pick(3); k > 0; --k) {
        outside_.push_back(Call("torch.ops.aten.sin.default", {Ref(Any())}));
      }
    }
    std::vector<Argument> outputs = {Ref(x)};
    if (Chance(2)) outputs.push_back(Ref(Any()));
    g.Output(Argument::Tuple(std::move(outputs)));
    return std::move(module_);
  }

 private:
  enum class Kind { kAdd, kMulConstant, kRelu, kLinear, kTranspose, kAddInPlace, kSplitCat };
  // One op of the block. Operands >= 0 are earlier ops of the block, -1 is
  // the block's input, below that nodes from before the block.
  struct Op {
    Kind kind;
    std::vector<int64_t> operands;
    int64_t constant = 2;
    bool shared_weight = false;
  };

  size_t Pick(size_t n) { return random_() % n; }
  bool Chance(int one_in) { return Pick(one_in) == 0; }
  Node* Any() { return outside_[Pick(outside_.size())]; }

  Node* Value(Node* node, const DimVector& shape) {
    node->mutable_meta().val = Tensor(shape);
    return node;
  }
  Node* Call(absl::string_view target, std::vector<Argument> args,
             const DimVector& shape = kSquare) {
    return Value(module_->graph().CallFunction(target, std::move(args)), shape);
  }

  int64_t Operand(size_t index) {
    if (index > 0 && !Chance(3)) return static_cast<int64_t>(Pick(index));
    return Chance(3) ? -2 : -1;
  }

  // An in-place op writes the block's input or an op that depends on it.
  // (On a value of outside nodes alone, two copies could write equal
  // expressions of the same nodes, which CheckSameComputation's canonical
  // forms cannot tell apart: a false alarm.)
  int64_t WrittenOperand(const std::vector<bool>& depends_on_input) {
    std::vector<int64_t> candidates = {-1};
    for (size_t i = 0; i < depends_on_input.size(); ++i) {
      if (depends_on_input[i]) candidates.push_back(static_cast<int64_t>(i));
    }
    return candidates[Pick(candidates.size())];
  }

  void MakeBlock() {
    const size_t size = 2 + Pick(5);
    std::vector<bool> depends_on_input;
    for (size_t i = 0; i < size; ++i) {
      const Kind kind = static_cast<Kind>(Pick(7));
      Op op{kind, {kind == Kind::kAddInPlace ? WrittenOperand(depends_on_input) : Operand(i)}};
      if (op.kind == Kind::kAdd) op.operands.push_back(Operand(i));
      bool depends = false;
      for (int64_t operand : op.operands) {
        depends = depends || operand == -1 || (operand >= 0 && depends_on_input[operand]);
      }
      depends_on_input.push_back(depends);
      op.constant = 2 + static_cast<int64_t>(Pick(2));
      op.shared_weight = Chance(2);
      block_.push_back(op);
    }
  }

  Node* Weight(const Op& op, size_t copy, size_t index) {
    const std::string name =
        op.shared_weight ? absl::StrCat("w_", index) : absl::StrCat("w_", copy, "_", index);
    if (module_->FindState(name) == nullptr) {
      TensorMeta meta;
      meta.shape = kSquare;
      (void)module_->AddState(StateEntry{name, StateKind::kParameter, meta, true});
    }
    return Value(module_->graph().GetAttr(name), kSquare);
  }

  // One copy of the block on `input`; a quarter of the copies change one
  // op's constant. Returns the block's last op.
  Node* EmitBlock(size_t copy, Node* input) {
    const size_t varied = Chance(4) ? Pick(block_.size()) : block_.size();
    Node* noise = Any();
    std::vector<Node*> ops;
    for (size_t i = 0; i < block_.size(); ++i) {
      const Op& op = block_[i];
      std::vector<Node*> in;
      for (int64_t operand : op.operands) {
        in.push_back(operand >= 0 ? ops[operand] : operand == -1 ? input : noise);
      }
      const int64_t constant = i == varied ? op.constant + 10 : op.constant;
      ops.push_back(EmitOp(op, copy, i, in, constant));
    }
    return ops.back();
  }

  Node* EmitOp(const Op& op, size_t copy, size_t index, const std::vector<Node*>& in,
               int64_t constant) {
    switch (op.kind) {
      case Kind::kAdd:
        return Call("torch.ops.aten.add.Tensor", {Ref(in[0]), Ref(in[1])});
      case Kind::kMulConstant:
        return Call("torch.ops.aten.mul.Tensor", {Ref(in[0]), Argument::Int(constant)});
      case Kind::kRelu:
        return Call("torch.ops.aten.relu.default", {Ref(in[0])});
      case Kind::kLinear:
        return Call("torch.ops.aten.linear.default", {Ref(in[0]), Ref(Weight(op, copy, index))});
      case Kind::kTranspose:
        return Call("torch.ops.aten.t.default", {Ref(in[0])});
      case Kind::kAddInPlace:
        return Call("torch.ops.aten.add_.Tensor", {Ref(in[0]), Argument::Int(constant)});
      case Kind::kSplitCat: {
        Node* split = Call("torch.ops.aten.split.Tensor", {Ref(in[0]), Argument::Int(2)}, {2, 4});
        split->mutable_meta().val = ValueMeta::Tuple({Tensor({2, 4}), Tensor({2, 4})});
        Node* first = Call("operator.getitem", {Ref(split), Argument::Int(0)}, {2, 4});
        Node* second = Call("operator.getitem", {Ref(split), Argument::Int(1)}, {2, 4});
        return Call("torch.ops.aten.cat.default",
                    {Argument::List({Ref(second), Ref(first)}), Argument::Int(0)});
      }
    }
    return nullptr;
  }

  std::mt19937 random_;
  std::unique_ptr<GraphModule> module_;
  std::vector<Node*> outside_;  // nodes a block may read besides its input
  std::vector<Op> block_;
};

TEST(DedupRandomStacksTest, EveryStackKeepsWhatItComputes) {
  DedupOptions options;
  options.tracking.min_nodes_saved = std::numeric_limits<int64_t>::min();
  constexpr uint32_t kStacks = 2000;
  int deduplicated = 0;
  for (uint32_t seed = 0; seed < kStacks; ++seed) {
    std::unique_ptr<GraphModule> module = RandomStack(seed).Build();
    ASSERT_TRUE(VerifyGraphModule(*module).ok()) << seed << ": " << VerifyGraphModule(*module);
    const std::unique_ptr<GraphModule> before = module->Clone();
    absl::StatusOr<DedupReport> report = ApplyGraphDeduplication(*module, options);
    ASSERT_TRUE(report.ok()) << "seed " << seed << ": " << report.status();
    ASSERT_TRUE(VerifyGraphModule(*module).ok())
        << "seed " << seed << ": " << VerifyGraphModule(*module) << "\n"
        << PrintFxGraph(before->graph());
    const absl::Status same = CheckSameComputation(*before, *module);
    ASSERT_TRUE(same.ok()) << "seed " << seed << ": " << same << "\n"
                           << PrintFxGraph(before->graph()) << PrintFxGraph(module->graph());
    deduplicated += report->regions_replaced > 0;
  }
  // The stacks are built to repeat: most must give dedup something to do.
  EXPECT_GT(deduplicated, static_cast<int>(kStacks) / 2);
}

}  // namespace
}  // namespace fxpp
