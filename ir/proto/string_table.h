// The string table of fxpp.proto's format version 2 (GraphModule.strings),
// as a writer builds it: each distinct string once, in order of first use.
// Both binary writers (convert.cc's message tree, wire_writer.cc's direct
// encoder) build it the same way, so they write the same table.
#ifndef FXPP_IR_PROTO_STRING_TABLE_H_
#define FXPP_IR_PROTO_STRING_TABLE_H_

#include <cstdint>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "ir/node.h"
#include "ir/symbol.h"

namespace fxpp {

class StringTable {
 public:
  // The index of `s` in the table, adding it on first use.
  uint32_t Ref(Symbol s) {
    // Nodes repeat a few strings (device, module stack, stack traces) over
    // and over: a direct-mapped cache in front of the map answers most
    // look-ups with one load (the map is a third of a large graph's write).
    Recent& recent = recent_[s.id() & (kRecentSlots - 1)];
    if (recent.id == s.id() && recent.ref != kNoRef) return recent.ref;
    auto [it, inserted] = index_.try_emplace(s.id(), static_cast<uint32_t>(strings_.size()));
    if (inserted) strings_.push_back(s);
    recent = Recent{s.id(), it->second};
    return it->second;
  }
  const std::vector<Symbol>& strings() const { return strings_; }

 private:
  static constexpr size_t kRecentSlots = 1024;
  static constexpr uint32_t kNoRef = UINT32_MAX;
  struct Recent {
    uint32_t id = 0;
    uint32_t ref = kNoRef;
  };
  absl::flat_hash_map<uint32_t, uint32_t> index_;  // by Symbol::id()
  std::vector<Symbol> strings_;
  std::vector<Recent> recent_ = std::vector<Recent>(kRecentSlots);
};

// Targets of call_function and call_method nodes (op names) repeat across
// nodes and go into the string table; the others (input names, attribute
// and submodule paths) are as distinct as node names and stay inline.
inline bool SharedTarget(OpKind op) {
  return op == OpKind::kCallFunction || op == OpKind::kCallMethod;
}

}  // namespace fxpp

#endif  // FXPP_IR_PROTO_STRING_TABLE_H_
