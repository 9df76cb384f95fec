// FX's node namespace (torch.fx.graph._Namespace): unique, legal Python
// identifiers derived from a candidate, with `_N` suffixes on collision.
// The namespace owns the names' characters (in an arena, so views into it
// stay valid as long as it lives): node names are unique, so interning them
// in the global Symbol pool would only grow it.
#ifndef FXPP_IR_NAMES_H_
#define FXPP_IR_NAMES_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/string_view.h"
#include "absl/types/optional.h"

namespace fxpp {

class NameSpace {
 public:
  // FX's create_name: replaces characters illegal in identifiers by `_`,
  // prefixes a leading digit with `_`, splits a `_N` suffix, then counts up
  // from the last number used for that base until the name is neither taken
  // nor a Python keyword/builtin. Names are never freed (as in FX).
  absl::string_view CreateName(absl::string_view candidate);

  // True when `name` is taken or may not be used for a node.
  bool IsTaken(absl::string_view name) const;
  // Claims exactly `name` (for parsers reproducing a printed graph) and
  // returns the namespace's copy; nullopt when it is taken or is not a valid
  // identifier.
  absl::optional<absl::string_view> Claim(absl::string_view name);

 private:
  absl::string_view Store(absl::string_view name);

  std::vector<std::unique_ptr<char[]>> chunks_;
  size_t chunk_used_ = 0;
  size_t chunk_capacity_ = 0;
  absl::flat_hash_set<absl::string_view> used_;
  absl::flat_hash_map<std::string, int64_t> base_count_;
};

// Python keywords, builtins and FX's own globals (torch, inf, nan, ...),
// which FX refuses as node names.
bool IsReservedPythonName(absl::string_view name);
bool IsPythonIdentifier(absl::string_view name);

}  // namespace fxpp

#endif  // FXPP_IR_NAMES_H_
