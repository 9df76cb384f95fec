#include "ir/arena.h"

#include <sys/mman.h>

#include <algorithm>
#include <mutex>

#include <sanitizer/asan_interface.h>  // no-op macros without AddressSanitizer

namespace fxpp {
namespace {

// An x86-64 (and arm64 with 4 KiB pages) transparent huge page.
constexpr size_t kHugeBlockBytes = size_t{2} << 20;
// An arena that has taken this much in ordinary chunks takes huge blocks
// from then on: a graph of about 8k nodes, whose arenas then waste at most
// one partly used block each.
constexpr size_t kHugeAfterBytes = size_t{1} << 20;
// Free blocks kept for the next large arena, beyond which they go back to
// the system: reading a 100k-node program uses about 15.
constexpr size_t kMaxCachedBlocks = 64;

// Process-wide supply of kHugeBlockBytes blocks, aligned to their size and
// advised (MADV_HUGEPAGE) to be backed by huge pages. A large graph's
// nodes, names and edges are touched at random as it is read and used
// (references to far-away nodes, the name table's entries): with 4 KiB
// pages each such access is likely a TLB miss, a costly page walk in a
// virtual machine, and filling fresh memory takes a page fault every 4 KiB.
// Freed blocks are kept (up to kMaxCachedBlocks) and handed out again, as
// malloc keeps freed memory, so reading graph after graph faults no more.
class HugeBlocks {
 public:
  // nullptr when the system has no memory to map.
  void* Take() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (!free_.empty()) {
        void* block = free_.back();
        free_.pop_back();
        ASAN_UNPOISON_MEMORY_REGION(block, kHugeBlockBytes);
        return block;
      }
    }
    return Map();
  }

  void Give(void* block) {
    std::lock_guard<std::mutex> lock(mu_);
    if (free_.size() == kMaxCachedBlocks) {
      munmap(block, kHugeBlockBytes);
      return;
    }
    // A use after free of what the arena held is still reported under
    // AddressSanitizer, as it would be had the memory gone back to malloc.
    ASAN_POISON_MEMORY_REGION(block, kHugeBlockBytes);
    free_.push_back(block);
  }

 private:
  // Twice the size, then the unaligned ends unmapped: mmap only promises
  // page alignment.
  static void* Map() {
    void* mapped = mmap(nullptr, 2 * kHugeBlockBytes, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mapped == MAP_FAILED) return nullptr;
    char* const start = static_cast<char*>(mapped);
    char* const block = reinterpret_cast<char*>(
        (reinterpret_cast<uintptr_t>(start) + kHugeBlockBytes - 1) & ~(kHugeBlockBytes - 1));
    if (block > start) munmap(start, block - start);
    char* const end = start + 2 * kHugeBlockBytes;
    if (end > block + kHugeBlockBytes) munmap(block + kHugeBlockBytes, end - block - kHugeBlockBytes);
    // A hint: where THP is off (EINVAL), the block is ordinary memory.
    madvise(block, kHugeBlockBytes, MADV_HUGEPAGE);
    return block;
  }

  std::mutex mu_;
  std::vector<void*> free_;
};

HugeBlocks& Supply() {
  static HugeBlocks* const supply = new HugeBlocks();  // never destroyed: arenas outlive statics
  return *supply;
}

}  // namespace

Arena::~Arena() {
  for (void* block : huge_blocks_) Supply().Give(block);
}

void Arena::NewChunk(size_t min_size) {
  if (chunk_bytes_ >= kHugeAfterBytes && min_size <= kHugeBlockBytes) {
    if (void* block = Supply().Take()) {
      huge_blocks_.push_back(block);
      next_ = static_cast<char*>(block);
      end_ = next_ + kHugeBlockBytes;
      return;
    }
  }
  // Chunks double from 256 bytes to 64 KiB: small graphs stay small, large
  // ones make few allocations, and the unused tail of the last chunk is
  // bounded.
  const size_t capacity = std::max(size_t{256} << std::min<size_t>(chunks_.size(), 8), min_size);
  chunks_.emplace_back(new char[capacity]);
  chunk_bytes_ += capacity;
  next_ = chunks_.back().get();
  end_ = next_ + capacity;
}

}  // namespace fxpp
