// FX's node namespace (torch.fx.graph._Namespace): unique, legal Python
// identifiers derived from a candidate, with `_N` suffixes on collision.
// The namespace owns the names' characters (in an arena, so views into it
// stay valid as long as it lives): node names are unique, so interning them
// in the global Symbol pool would only grow it.
#ifndef FXPP_IR_NAMES_H_
#define FXPP_IR_NAMES_H_

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/hash/hash.h"
#include "absl/strings/string_view.h"
#include "absl/types/optional.h"
#include "ir/arena.h"

namespace fxpp {

class NameSpace {
 public:
  // One name, with the id of what it names and text its owner keeps with it
  // (a graph keeps there the targets that are as distinct as node names).
  // The characters follow the 16-byte entry in the namespace's arena, so a
  // name costs one small record and one pointer-sized hash slot.
  class Entry {
   public:
    static constexpr uint32_t kNoOwner = ~uint32_t{0};

    absl::string_view name() const { return absl::string_view(chars(), name_size_); }
    absl::string_view attached() const {
      return absl::string_view(chars() + name_size_, attached_size_);
    }
    // What the name belongs to (a graph's node id), or kNoOwner.
    uint32_t owner() const { return owner_; }
    void set_owner(uint32_t owner) { owner_ = owner; }

   private:
    friend class NameSpace;
    Entry(uint32_t name_size, uint32_t attached_size, uint32_t hash)
        : name_size_(name_size), attached_size_(attached_size), hash_(hash) {}
    const char* chars() const { return reinterpret_cast<const char*>(this + 1); }

    uint32_t owner_ = kNoOwner;
    uint32_t name_size_;
    uint32_t attached_size_;
    // The name's hash (NameHash), kept so that growing the table does not
    // hash every name again: reading 100k nodes rehashed each about twice.
    uint32_t hash_;
  };

  NameSpace() = default;
  NameSpace(const NameSpace&) = delete;
  NameSpace& operator=(const NameSpace&) = delete;

  // FX's create_name: replaces characters illegal in identifiers by `_`,
  // prefixes a leading digit with `_`, splits a `_N` suffix, then counts up
  // from the last number used for that base until the name is neither taken
  // nor a Python keyword/builtin. Names are never freed (as in FX).
  absl::string_view CreateName(absl::string_view candidate) { return Create(candidate, {})->name(); }

  // True when `name` is taken or may not be used for a node.
  bool IsTaken(absl::string_view name) const;
  // Claims exactly `name` (for parsers reproducing a printed graph) and
  // returns the namespace's copy; nullopt when it is taken or is not a valid
  // identifier.
  absl::optional<absl::string_view> Claim(absl::string_view name);

  // CreateName and Claim returning the entry, which keeps `attached`;
  // ClaimEntry returns nullptr where Claim returns nullopt.
  Entry* Create(absl::string_view candidate, absl::string_view attached);
  Entry* ClaimEntry(absl::string_view name, absl::string_view attached);
  // The entry of a taken name; nullptr for names never created or claimed.
  Entry* Find(absl::string_view name) const;
  // Sizes the table for `names` names in all (and the suffix counts for a
  // typical number of distinct bases: most graphs use a few op names).
  void Reserve(size_t names) {
    entries_.reserve(names);
    base_count_.reserve(std::min(names, kTypicalBases));
  }
  // Fetches the table memory a lookup or insertion of `name` will touch.
  void Prefetch(absl::string_view name) const { entries_.prefetch(name); }

 private:
  // Entries hash and compare by name, and are looked up by name.
  // 32 bits of absl's hash: the table mixes in its own seed, and 32 bits
  // tell apart far more names than a graph has.
  static uint32_t NameHash(absl::string_view name) {
    const uint64_t h = absl::Hash<absl::string_view>()(name);
    return static_cast<uint32_t>(h ^ (h >> 32));
  }
  struct EntryHash {
    using is_transparent = void;
    size_t operator()(absl::string_view name) const { return NameHash(name); }
    size_t operator()(const Entry* e) const { return e->hash_; }
  };
  struct EntryEq {
    using is_transparent = void;
    static absl::string_view Name(absl::string_view name) { return name; }
    static absl::string_view Name(const Entry* e) { return e->name(); }
    template <typename A, typename B>
    bool operator()(const A& a, const B& b) const {
      return Name(a) == Name(b);
    }
  };

  static constexpr size_t kTypicalBases = 4;

  // Adds `name` (not reserved, not checked for being taken) and returns its
  // entry; nullptr when it is taken. One hash and one probe.
  Entry* Insert(absl::string_view name, absl::string_view attached);
  // Records that names up to `base`_`num` are used. Absent counts are 0.
  void SetBaseCount(const Entry& entry, size_t base_size, int64_t num);
  // Moves the base counts of the names claimed since the last call, in
  // claim order, as each ClaimEntry would have.
  void SettleClaims();

  Arena arena_;
  absl::flat_hash_set<Entry*, EntryHash, EntryEq> entries_;
  // Base -> last number used; keys are prefixes of names in the arena.
  // Only Create reads it.
  absl::flat_hash_map<absl::string_view, int64_t> base_count_;
  // Claimed names ending in a digit whose count base_count_ does not have
  // yet: readers claim every node's name and most never create one, so
  // splitting the suffix and hashing the base waits for the first Create.
  std::vector<const Entry*> unsettled_claims_;
  // Reused buffers for CreateName's candidates.
  std::string sanitized_;
  std::string candidate_;
};

// Python keywords, builtins and FX's own globals (torch, inf, nan, ...),
// which FX refuses as node names.
bool IsReservedPythonName(absl::string_view name);
bool IsPythonIdentifier(absl::string_view name);

}  // namespace fxpp

#endif  // FXPP_IR_NAMES_H_
