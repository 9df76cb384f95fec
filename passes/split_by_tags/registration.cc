// Registers `split_by_tags` with the pass registry (passes/registry.h).
#include "passes/registry.h"
#include "passes/split_by_tags/split_by_tags.h"

namespace fxpp {
namespace {

const PassRegistration kRegistration(SplitByTagsPass::Descriptor());

}  // namespace
}  // namespace fxpp
