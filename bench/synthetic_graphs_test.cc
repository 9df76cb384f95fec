#include "bench/synthetic_graphs.h"

#include "gtest/gtest.h"
#include "ir/verifier.h"

namespace fxpp {
namespace {

TEST(SyntheticGraphsTest, TransformerStackVerifiesAndScales) {
  std::unique_ptr<GraphModule> one = MakeTransformerStack(1);
  std::unique_ptr<GraphModule> three = MakeTransformerStack(3);
  EXPECT_TRUE(VerifyGraphModule(*one).ok());
  EXPECT_TRUE(VerifyGraphModule(*three).ok()) << VerifyGraphModule(*three);
  const int64_t per_layer = TransformerNodesPerLayer();
  EXPECT_GT(per_layer, 30);
  EXPECT_EQ(static_cast<int64_t>(three->graph().size() - one->graph().size()), 2 * per_layer);
  EXPECT_NE(three->FindStatePath("layers.2.mlp.down.bias"), nullptr);
  EXPECT_GE(static_cast<int64_t>(MakeTransformerWithNodes(1000)->graph().size()), 1000);
}

}  // namespace
}  // namespace fxpp
