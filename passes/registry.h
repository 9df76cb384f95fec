// The pass registry: every pass registered once with its name, a one-line
// summary and typed options, so that tools build pipelines from text such
// as "dedup{min_regions=3},topo_sort,split_by_tags{tags=a,b}" (MLIR's
// pass registration and pipeline syntax).
//
// A pass package registers itself in a separate `:registration` target
// (alwayslink), so depending on a pass library alone does not pull in the
// registry; `//passes:all_passes` links every registration.
#ifndef FXPP_PASSES_REGISTRY_H_
#define FXPP_PASSES_REGISTRY_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "absl/container/btree_map.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "passes/pass.h"
#include "passes/pipeline.h"

namespace fxpp {

enum class PassOptionType : uint8_t { kBool, kInt, kString, kStringList };

struct PassOptionSpec {
  std::string name;
  PassOptionType type;
  std::string default_value;  // as it would be written in a pipeline
  std::string help;
};

// Option values of one pass invocation, checked against the pass's specs:
// every declared option has a value (given or default), typed.
class PassOptions {
 public:
  bool GetBool(absl::string_view name) const;
  int64_t GetInt(absl::string_view name) const;
  const std::string& GetString(absl::string_view name) const;
  std::vector<std::string> GetStringList(absl::string_view name) const;

 private:
  friend class PassRegistry;
  // Values as text, already validated for their type.
  absl::btree_map<std::string, std::string> values_;
};

struct PassInfo {
  std::string name;
  std::string summary;  // one line
  std::vector<PassOptionSpec> options;
  std::function<absl::StatusOr<std::unique_ptr<Pass>>(const PassOptions&)> create;
};

class PassRegistry {
 public:
  // The registry the `:registration` targets fill at startup.
  static PassRegistry& Global();

  // Fails on a duplicate or malformed name or option spec.
  absl::Status Register(PassInfo info);
  const PassInfo* Find(absl::string_view name) const;
  // Sorted by name.
  std::vector<const PassInfo*> List() const;

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
  absl::btree_map<std::string, PassInfo> passes_;
};

// Registers at static-initialization time; aborts on an invalid
// registration, which is a programmer error in the registering package.
struct PassRegistration {
  explicit PassRegistration(PassInfo info);
};

}  // namespace fxpp

#endif  // FXPP_PASSES_REGISTRY_H_
