#include "testing/fx_module.h"

#include <utility>

#include "gtest/gtest.h"
#include "ir/fx_text/fx_text.h"

namespace fxpp {

std::unique_ptr<GraphModule> ModuleFromFxText(absl::string_view text) {
  absl::StatusOr<ParsedFxGraph> parsed = ParseFxGraph(text, "test.fx");
  EXPECT_TRUE(parsed.ok()) << parsed.status();
  auto module = std::make_unique<GraphModule>();
  if (parsed.ok()) module->set_graph(std::move(parsed->graph));
  return module;
}

}  // namespace fxpp
