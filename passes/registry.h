// The pass registry: every pass registered once through its descriptor
// (passes/pass_options.h: name, summary, typed options, factory), so that
// tools build pipelines from text such as
// "dedup{min_regions=3},topo_sort,split_by_tags{tags=a,b}" (MLIR's pass
// registration and pipeline syntax).
//
// A pass package registers itself in a separate `:registration` target
// (alwayslink), so depending on a pass library alone does not pull in the
// registry; `//passes:all_passes` links every registration.
#ifndef FXPP_PASSES_REGISTRY_H_
#define FXPP_PASSES_REGISTRY_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/container/btree_map.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "passes/pass.h"
#include "passes/pass_options.h"

namespace fxpp {

// Splits "a=1,tags=x,y,b=2" into {a: 1, tags: "x,y", b: 2}: a comma starts a
// new option only when `name=` follows, so list values need no quoting.
// With the pass's `descriptor`, `name=` that names none of its options
// continues a list value ("assign=buf=add,other=mul").
absl::StatusOr<PassOptionValues> SplitPassOptions(absl::string_view text,
                                                  const PassDescriptor* descriptor = nullptr);

class PassRegistry {
 public:
  // The registry the `:registration` targets fill at startup.
  static PassRegistry& Global();

  // Fails on a duplicate or malformed pass or option name. `descriptor`
  // must outlive the registry (descriptors are static).
  absl::Status Register(const PassDescriptor& descriptor);
  const PassDescriptor* Find(absl::string_view name) const;
  // Sorted by name.
  std::vector<const PassDescriptor*> List() const;

  // Builds one pass from its name and option text ("a=1,tags=x,y"): unknown
  // passes or options, and values of the wrong type, are errors that list
  // what is available.
  absl::StatusOr<std::unique_ptr<Pass>> Create(absl::string_view name,
                                               absl::string_view options) const;
  // Parses a pipeline ("p1,p2{k=v,k2=v2},p3") into passes, in order.
  absl::StatusOr<std::vector<std::unique_ptr<Pass>>> ParsePipeline(absl::string_view text) const;

  // `--list-passes` text: each pass, its summary and options.
  std::string Describe() const;

 private:
  absl::btree_map<std::string, const PassDescriptor*> passes_;
};

// Registers at static-initialization time; aborts on an invalid
// registration, which is a programmer error in the registering package.
struct PassRegistration {
  explicit PassRegistration(const PassDescriptor& descriptor);
};

}  // namespace fxpp

#endif  // FXPP_PASSES_REGISTRY_H_
