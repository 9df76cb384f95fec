#include "ir/symbol.h"

#include <array>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <new>

#include "absl/container/flat_hash_set.h"
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

// 32 bits of absl's hash: the table mixes in its own seed, and 32 bits tell
// apart far more strings than a process interns.
uint32_t TextHash(absl::string_view text) {
  const uint64_t h = absl::Hash<absl::string_view>()(text);
  return static_cast<uint32_t>(h ^ (h >> 32));
}

// A pooled string: its hash, id and size, then its bytes. The table holds
// pointers to these, so a lookup reads one 8-byte slot and one record whose
// header and first bytes share a cache line; a table of (view, id) pairs,
// three times larger, missed the cache on most lookups of a 100k-node read.
// Records follow each other in the arena in the order they were interned.
struct Record {
  uint32_t hash;
  uint32_t id;
  uint32_t size;
  const char* bytes() const { return reinterpret_cast<const char*>(this + 1); }
  absl::string_view text() const { return absl::string_view(bytes(), size); }
};

// What a lookup holds: the text and its hash, computed once by the caller.
struct Key {
  absl::string_view text;
  uint32_t hash;
};

struct RecordHash {
  using is_transparent = void;
  size_t operator()(const Record* r) const { return r->hash; }
  size_t operator()(const Key& k) const { return k.hash; }
};

struct RecordEq {
  using is_transparent = void;
  bool operator()(const Record* a, const Record* b) const { return a == b; }
  bool operator()(const Record* a, const Key& k) const {
    return a->hash == k.hash && a->text() == k.text;
  }
  bool operator()(const Key& k, const Record* a) const { return (*this)(a, k); }
};

class SymbolPool {
 public:
  SymbolPool() { InternLocked(Key{"", TextHash("")}); }  // id 0 is the empty string

  uint32_t Intern(Key key) {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = records_.find(key);
    if (it != records_.end()) return (*it)->id;
    return InternLocked(key);
  }

  absl::optional<uint32_t> Find(Key key) {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = records_.find(key);
    if (it == records_.end()) return absl::nullopt;
    return (*it)->id;
  }

  // The number of ids handed out; every id below it has its text in place.
  uint32_t published() const { return published_.load(std::memory_order_acquire); }

  absl::string_view Get(uint32_t id) const {
    const absl::string_view* chunk = chunks_[id >> kChunkBits].load(std::memory_order_acquire);
    return chunk[id & (kChunkSize - 1)];
  }

 private:
  // Requires mu_ (or construction).
  uint32_t InternLocked(Key key) {
    const absl::string_view text = key.text;
    // Sizes are 32-bit to keep records small; longer text is a programming error.
    if (text.size() >= UINT32_MAX) std::abort();
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
    void* at = bytes_.Allocate(sizeof(Record) + text.size() + 1, alignof(Record));
    Record* record = new (at) Record{key.hash, id, static_cast<uint32_t>(text.size())};
    char* bytes = reinterpret_cast<char*>(record + 1);
    if (!text.empty()) std::memcpy(bytes, text.data(), text.size());  // data() may be null
    bytes[text.size()] = '\0';
    chunk[id & (kChunkSize - 1)] = record->text();
    published_.store(id + 1, std::memory_order_release);
    records_.insert(record);
    return id;
  }

  // A plain std::mutex: absl::Mutex runs deadlock detection on every lock in
  // Debian's build, which dominated graph construction.
  std::mutex mu_;
  absl::flat_hash_set<const Record*, RecordHash, RecordEq> records_;  // guarded by mu_
  uint32_t size_ = 0;                                                 // guarded by mu_
  std::atomic<uint32_t> published_{0};
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
  // Strings not cached here tend to come in the order they were first
  // interned (a file read again, its module paths one after another), so
  // the ids after the last two the pool gave are tried before the pool's
  // table, whose lookups miss the cache once it holds tens of thousands.
  // Two, as such a run is interleaved with strings from an earlier one (a
  // module's type between paths).
  uint32_t Predict(SymbolPool& pool, absl::string_view text) const {
    const uint32_t published = pool.published();
    for (const uint32_t last : from_pool_) {
      if (last + 1 < published && pool.Get(last + 1) == text) return last + 1;
    }
    return 0;
  }
  void FromPool(uint32_t id) {
    if (id == from_pool_[0]) return;
    from_pool_[1] = from_pool_[0];
    from_pool_[0] = id;
  }
  // From the text's TextHash, which the pool's lookup takes too.
  static size_t Slot(uint32_t hash) { return hash >> (32 - kBits); }

 private:
  static constexpr int kBits = 8;
  struct Entry {
    const char* data = nullptr;
    size_t size = 0;  // 0 (never a cached size: "" is not interned) marks a free entry
    uint32_t id = 0;
  };
  Entry entries_[size_t{1} << kBits];
  uint32_t from_pool_[2] = {0, 0};  // the ids the pool gave last, the latest first
};

thread_local RecentSymbols recent_symbols;

}  // namespace

Symbol Symbol::Intern(absl::string_view text) {
  if (text.empty()) return Symbol();
  const uint32_t hash = TextHash(text);
  const size_t slot = RecentSymbols::Slot(hash);
  if (const uint32_t id = recent_symbols.Find(text, slot); id != 0) return Symbol(id);
  SymbolPool& pool = Pool();
  uint32_t id = recent_symbols.Predict(pool, text);
  if (id == 0) id = pool.Intern(Key{text, hash});
  recent_symbols.FromPool(id);
  recent_symbols.Remember(slot, pool.Get(id), id);
  return Symbol(id);
}

absl::optional<Symbol> Symbol::Find(absl::string_view text) {
  absl::optional<uint32_t> id = Pool().Find(Key{text, TextHash(text)});
  if (!id.has_value()) return absl::nullopt;
  return Symbol(*id);
}

absl::string_view Symbol::str() const { return Pool().Get(id_); }

}  // namespace fxpp
