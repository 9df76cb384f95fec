#include "ir/meta.h"

#include <utility>
#include <vector>

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

}  // namespace
}  // namespace fxpp
