#include "ir/argument.h"

#include <cmath>
#include <limits>
#include <vector>

#include "gtest/gtest.h"
#include "ir/graph.h"

namespace fxpp {
namespace {

std::vector<Argument> Elems(std::initializer_list<Argument> list) { return list; }

TEST(ArgumentTest, ScalarKindsAndValues) {
  EXPECT_EQ(Argument().kind(), ArgKind::kNone);
  EXPECT_TRUE(Argument::Bool(true).bool_value());
  EXPECT_EQ(Argument::Int(-7).int_value(), -7);
  EXPECT_EQ(Argument::Float(0.5).float_value(), 0.5);
  EXPECT_EQ(Argument::String("mean").text(), "mean");
  EXPECT_EQ(Argument::Device("cuda:0").kind(), ArgKind::kDevice);
  EXPECT_EQ(Argument::Device("cuda:0").text(), "cuda:0");
  EXPECT_EQ(Argument::SymInt("s0 + 1").text(), "s0 + 1");
  EXPECT_EQ(Argument::Opaque("<object>").kind(), ArgKind::kOpaque);
  EXPECT_EQ(Argument::Dtype(ScalarType::kBFloat16).dtype(), ScalarType::kBFloat16);
  EXPECT_EQ(Argument::Format(MemoryFormat::kChannelsLast).memory_format(),
            MemoryFormat::kChannelsLast);
  EXPECT_EQ(Argument::LayoutValue(Layout::kSparseCsr).layout(), Layout::kSparseCsr);
  EXPECT_EQ(Argument::EllipsisValue().kind(), ArgKind::kEllipsis);
}

TEST(ArgumentTest, EqualityIsStructuralAndBitExactForFloats) {
  EXPECT_EQ(Argument::Float(1.0), Argument::Float(1.0));
  EXPECT_NE(Argument::Float(0.0), Argument::Float(-0.0));
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(Argument::Float(nan), Argument::Float(nan));
  EXPECT_NE(Argument::Int(1), Argument::Float(1.0));
  EXPECT_NE(Argument::Int(1), Argument::Bool(true));
  EXPECT_NE(Argument::String("cpu"), Argument::Device("cpu"));
  EXPECT_NE(Argument::List(Elems({Argument::Int(1)})), Argument::Tuple(Elems({Argument::Int(1)})));
  EXPECT_EQ(Argument::Dict({{Argument::String("a"), Argument::Int(1)}}),
            Argument::Dict({{Argument::String("a"), Argument::Int(1)}}));
  EXPECT_NE(Argument::Dict({{Argument::String("a"), Argument::Int(1)}}),
            Argument::Dict({{Argument::String("a"), Argument::Int(2)}}));
}

TEST(ArgumentTest, CopiesAreDeepAndMovesSteal) {
  Argument nested = Argument::List(Elems({Argument::Tuple(Elems({Argument::Int(1), Argument::Int(2)})),
                                          Argument::Slice(Argument::None(), Argument::Int(3),
                                                          Argument::None())}));
  Argument copy = nested;
  EXPECT_EQ(copy, nested);
  copy.mutable_elements()[0].mutable_elements()[0] = Argument::Int(9);
  EXPECT_NE(copy, nested);
  EXPECT_EQ(nested.elements()[0].elements()[0].int_value(), 1);
  Argument moved = std::move(copy);
  EXPECT_EQ(moved.elements()[0].elements()[0].int_value(), 9);
  EXPECT_TRUE(copy.is_none());  // NOLINT: moved-from state is documented as None
  copy = moved;
  EXPECT_EQ(copy, moved);
}

TEST(ArgumentTest, DictKeepsOrderAndSliceHasThreeParts) {
  Argument d = Argument::Dict({{Argument::String("b"), Argument::Int(1)},
                               {Argument::String("a"), Argument::Int(2)}});
  ASSERT_EQ(d.dict_size(), 2u);
  EXPECT_EQ(d.dict_key(0).text(), "b");
  EXPECT_EQ(d.dict_value(1).int_value(), 2);
  Argument s = Argument::Slice(Argument::Int(1), Argument::None(), Argument::Int(2));
  ASSERT_EQ(s.elements().size(), 3u);
  EXPECT_TRUE(s.elements()[1].is_none());
}

TEST(ArgumentTest, NodeTraversalAndMapping) {
  Graph g;
  Node* x = g.Placeholder("x");
  Node* y = g.Placeholder("y");
  Argument a = Argument::Tuple(
      Elems({Argument::Ref(x), Argument::List(Elems({Argument::Int(1), Argument::Ref(y)})),
             Argument::Dict({{Argument::String("k"), Argument::Ref(x)}})}));
  std::vector<Node*> seen;
  a.ForEachNode([&](Node* n) { seen.push_back(n); });
  EXPECT_EQ(seen, (std::vector<Node*>{x, y, x}));
  EXPECT_TRUE(a.ContainsNode());
  EXPECT_FALSE(Argument::List(Elems({Argument::Int(1)})).ContainsNode());

  Argument mapped = a.MapNodes([&](Node* n) { return n == x ? Argument::Ref(y) : Argument::Int(0); });
  std::vector<Node*> after;
  mapped.ForEachNode([&](Node* n) { after.push_back(n); });
  EXPECT_EQ(after, (std::vector<Node*>{y, y}));
  EXPECT_EQ(mapped.elements()[1].elements()[1], Argument::Int(0));

  EXPECT_TRUE(a.ReplaceNode(x, y));
  EXPECT_FALSE(a.ReplaceNode(x, y));
}

TEST(ArgumentTest, IsSixteenBytes) { EXPECT_EQ(sizeof(Argument), 16u); }

}  // namespace
}  // namespace fxpp
