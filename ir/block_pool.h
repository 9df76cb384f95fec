// Process-wide recycling of fixed-size blocks, for objects that every node of
// a graph allocates once and that outlive no particular graph (node metadata
// is shared between graphs, so it cannot live in one graph's arena).
//
// Why not malloc: a graph of 100k nodes frees 100k such blocks at once, and
// glibc then coalesces them (malloc_consolidate, unlink_chunk) only for the
// next graph to split them up again; at that size the free-list work is a
// large part of reading a graph. Here a freed block goes onto a free list and
// is the next one handed out, with no search and no coalescing, and blocks
// are carved from 64 KiB slabs, so the blocks of consecutive nodes sit next
// to each other in memory.
//
// Memory is never returned to malloc: a pool holds as many blocks as were
// ever live at once (reading the next graph of that size reuses them all).
// Thread-safe: each thread keeps its own free list and exchanges blocks with
// the pool in batches, under a lock, only every kBatch blocks.
//
// Under AddressSanitizer a free block is poisoned past its free-list link,
// so a use after free of pooled objects is still reported (as
// use-after-poison), as it would be had they come from malloc.
#ifndef FXPP_IR_BLOCK_POOL_H_
#define FXPP_IR_BLOCK_POOL_H_

#include <cstddef>
#include <mutex>
#include <new>
#include <vector>

#include <sanitizer/asan_interface.h>  // no-op macros without AddressSanitizer

#include "ir/arena.h"

namespace fxpp {

class BlockPool {
  struct FreeBlock {
    FreeBlock* next;
  };

 public:
  // One thread's free list: blocks freed by the thread, handed out again
  // first (they are likely still in its cache).
  class ThreadCache {
   public:
    explicit ThreadCache(BlockPool* pool) : pool_(pool) {}
    ~ThreadCache();  // gives the blocks back to the pool
    ThreadCache(const ThreadCache&) = delete;
    ThreadCache& operator=(const ThreadCache&) = delete;

    void* Allocate() {
      if (head_ == nullptr) pool_->Refill(*this);
      FreeBlock* block = head_;
      head_ = block->next;
      --count_;
      ASAN_UNPOISON_MEMORY_REGION(block, pool_->block_size_);
      return block;
    }
    void Free(void* p) {
      FreeBlock* block = static_cast<FreeBlock*>(p);
      block->next = head_;
      head_ = block;
      ASAN_POISON_MEMORY_REGION(block + 1, pool_->block_size_ - sizeof(FreeBlock));
      if (++count_ == 2 * kBatch) pool_->Spill(*this);
    }

   private:
    friend class BlockPool;
    BlockPool* pool_;
    FreeBlock* head_ = nullptr;
    size_t count_ = 0;
  };

  // Blocks of `block_size` bytes (rounded up to a multiple of
  // alignof(std::max_align_t), which every block is aligned to).
  explicit BlockPool(size_t block_size);
  // Frees the slabs: every block must be back (the process-wide pools of
  // ThreadBlockCache are never destroyed).
  ~BlockPool();
  BlockPool(const BlockPool&) = delete;
  BlockPool& operator=(const BlockPool&) = delete;

  size_t block_size() const { return block_size_; }

 private:
  // A thread exchanges this many blocks with the pool at a time; it keeps
  // between none and 2 * kBatch - 1, so alternating allocation and freeing
  // never takes the lock on every call.
  static constexpr size_t kBatch = 256;

  // Gives `cache`, which is empty, a batch: a spilled one, else new blocks.
  void Refill(ThreadCache& cache);
  // Moves kBatch of `cache`'s blocks to the pool.
  void Spill(ThreadCache& cache);
  // Takes all of `cache`'s blocks (thread exit); leaves it empty and
  // usable, for blocks freed during static destruction after it.
  void Drain(ThreadCache& cache);

  const size_t block_size_;
  std::mutex mu_;
  // Free lists given back by threads: kBatch blocks each, except what
  // exiting threads left.
  struct Batch {
    FreeBlock* head;
    size_t count;
  };
  std::vector<Batch> batches_;
  // Where the slabs come from: a pool that has grown large gets them in
  // huge pages (see Arena).
  Arena slabs_;
  // Where the next new blocks are carved from, and its end.
  char* slab_next_ = nullptr;
  char* slab_end_ = nullptr;
};

// The pool of blocks of `kSize` bytes, with this thread's cache of it.
template <size_t kSize>
BlockPool::ThreadCache& ThreadBlockCache() {
  static BlockPool* const pool = new BlockPool(kSize);  // never destroyed: see above
  thread_local BlockPool::ThreadCache cache(pool);
  return cache;
}

// A std allocator that takes single objects from the pool of their size:
// for std::allocate_shared, whose one block per object (control block and
// object) is what the pool recycles. Arrays go to operator new.
template <typename T>
class PoolAllocator {
 public:
  using value_type = T;

  PoolAllocator() = default;
  template <typename U>
  PoolAllocator(const PoolAllocator<U>&) {}  // NOLINT: rebinding, as std allocators do

  T* allocate(size_t n) {
    static_assert(alignof(T) <= alignof(std::max_align_t), "pool blocks are not aligned for T");
    if (n != 1) return static_cast<T*>(::operator new(n * sizeof(T)));
    return static_cast<T*>(ThreadBlockCache<sizeof(T)>().Allocate());
  }
  void deallocate(T* p, size_t n) {
    if (n != 1) {
      ::operator delete(p);
      return;
    }
    ThreadBlockCache<sizeof(T)>().Free(p);
  }

  template <typename U>
  friend bool operator==(const PoolAllocator&, const PoolAllocator<U>&) {
    return true;
  }
  template <typename U>
  friend bool operator!=(const PoolAllocator&, const PoolAllocator<U>&) {
    return false;
  }
};

}  // namespace fxpp

#endif  // FXPP_IR_BLOCK_POOL_H_
