#include "ir/symbol.h"

#include <array>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>

#include "absl/container/flat_hash_map.h"
#include "absl/hash/hash.h"
#include "ir/arena.h"

namespace fxpp {
namespace {

// Views of the strings live in fixed-size chunks that never move, so str()
// reads without taking the lock: a chunk pointer is published (release)
// before any id in it is handed out. The bytes live in an arena: interning a
// new string seldom allocates (one std::string each did; libFuzzer then took
// every input that named a new target for a possible leak and ran it twice).
constexpr uint32_t kChunkBits = 12;
constexpr uint32_t kChunkSize = 1u << kChunkBits;
constexpr uint32_t kMaxChunks = 1u << 16;

class SymbolPool {
 public:
  SymbolPool() { InternLocked(""); }  // id 0 is the empty string

  uint32_t Intern(absl::string_view text) {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = ids_.find(text);
    if (it != ids_.end()) return it->second;
    return InternLocked(text);
  }

  absl::optional<uint32_t> Find(absl::string_view text) {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = ids_.find(text);
    if (it == ids_.end()) return absl::nullopt;
    return it->second;
  }

  absl::string_view Get(uint32_t id) const {
    const absl::string_view* chunk = chunks_[id >> kChunkBits].load(std::memory_order_acquire);
    return chunk[id & (kChunkSize - 1)];
  }

 private:
  // Requires mu_ (or construction).
  uint32_t InternLocked(absl::string_view text) {
    const uint32_t id = size_++;
    const uint32_t chunk_index = id >> kChunkBits;
    // More than 2^28 distinct strings is a programming error, not bad input.
    if (chunk_index >= kMaxChunks) std::abort();
    absl::string_view* chunk = chunks_[chunk_index].load(std::memory_order_relaxed);
    if (chunk == nullptr) {
      chunk = new absl::string_view[kChunkSize];
      chunks_[chunk_index].store(chunk, std::memory_order_release);
    }
    // NUL-terminated, as std::string kept them: data() is never null, even
    // for the empty string.
    char* bytes = static_cast<char*>(bytes_.Allocate(text.size() + 1, 1));
    if (!text.empty()) std::memcpy(bytes, text.data(), text.size());  // data() may be null
    bytes[text.size()] = '\0';
    absl::string_view& slot = chunk[id & (kChunkSize - 1)];
    slot = absl::string_view(bytes, text.size());
    ids_.emplace(slot, id);
    return id;
  }

  // A plain std::mutex: absl::Mutex runs deadlock detection on every lock in
  // Debian's build, which dominated graph construction.
  std::mutex mu_;
  absl::flat_hash_map<absl::string_view, uint32_t> ids_;  // guarded by mu_
  uint32_t size_ = 0;                                      // guarded by mu_
  std::array<std::atomic<absl::string_view*>, kMaxChunks> chunks_{};
  Arena bytes_;  // guarded by mu_
};

SymbolPool& Pool() {
  static SymbolPool* pool = new SymbolPool();  // never destroyed: symbols outlive everything
  return *pool;
}

// Interning mostly repeats a few strings (call targets, keyword names,
// devices), so each thread remembers its recent ones and answers them without
// the pool's lock and table. Entries point at the pool's copies, which never
// move or die.
class RecentSymbols {
 public:
  // The id of `text` when it is cached, else 0.
  uint32_t Find(absl::string_view text, size_t slot) const {
    const Entry& e = entries_[slot];
    return e.size == text.size() && std::memcmp(e.data, text.data(), text.size()) == 0 ? e.id : 0;
  }
  void Remember(size_t slot, absl::string_view pooled, uint32_t id) {
    entries_[slot] = Entry{pooled.data(), pooled.size(), id};
  }
  static size_t Slot(absl::string_view text) {
    return absl::Hash<absl::string_view>()(text) >> (8 * sizeof(size_t) - kBits);
  }

 private:
  static constexpr int kBits = 8;
  struct Entry {
    const char* data = nullptr;
    size_t size = 0;  // 0 (never a cached size: "" is not interned) marks a free entry
    uint32_t id = 0;
  };
  Entry entries_[size_t{1} << kBits];
};

thread_local RecentSymbols recent_symbols;

}  // namespace

Symbol Symbol::Intern(absl::string_view text) {
  if (text.empty()) return Symbol();
  const size_t slot = RecentSymbols::Slot(text);
  if (const uint32_t id = recent_symbols.Find(text, slot); id != 0) return Symbol(id);
  SymbolPool& pool = Pool();
  const uint32_t id = pool.Intern(text);
  recent_symbols.Remember(slot, pool.Get(id), id);
  return Symbol(id);
}

absl::optional<Symbol> Symbol::Find(absl::string_view text) {
  absl::optional<uint32_t> id = Pool().Find(text);
  if (!id.has_value()) return absl::nullopt;
  return Symbol(*id);
}

absl::string_view Symbol::str() const { return Pool().Get(id_); }

}  // namespace fxpp
