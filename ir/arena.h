// Bump allocation for small, trivially destructible objects that live as long
// as their owner (node names), and for storage its owner manages itself (a
// graph's node slots, a block pool's slabs): no malloc header or size
// rounding per object, no free-list work, and objects created one after
// another sit next to each other in memory.
//
// A large arena takes its further chunks as 2 MiB blocks backed by
// transparent huge pages (see NewChunk), recycled process-wide.
#ifndef FXPP_IR_ARENA_H_
#define FXPP_IR_ARENA_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace fxpp {

class Arena {
 public:
  Arena() = default;
  ~Arena();
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;

  // `size` (> 0) bytes aligned to `alignment`, a power of two up to
  // alignof(std::max_align_t) (what chunks from new char[] are aligned to);
  // valid until the arena dies.
  void* Allocate(size_t size, size_t alignment) {
    const uintptr_t at = (reinterpret_cast<uintptr_t>(next_) + alignment - 1) & ~(alignment - 1);
    char* p = reinterpret_cast<char*>(at);
    if (p > end_ || static_cast<size_t>(end_ - p) < size) {
      NewChunk(size);
      p = next_;
    }
    next_ = p + size;
    return p;
  }
  // Takes back `p`, which must be the latest allocation: for tentative
  // copies that turn out not to be needed.
  void FreeLatest(void* p) { next_ = static_cast<char*>(p); }

 private:
  void NewChunk(size_t min_size);

  std::vector<std::unique_ptr<char[]>> chunks_;
  size_t chunk_bytes_ = 0;  // in chunks_
  // Huge-page blocks, given back to the process-wide supply when the arena dies.
  std::vector<void*> huge_blocks_;
  char* next_ = nullptr;
  char* end_ = nullptr;
};

}  // namespace fxpp

#endif  // FXPP_IR_ARENA_H_
