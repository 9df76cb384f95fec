#include "ir/block_pool.h"

#include <algorithm>
#include <cstddef>

namespace fxpp {
namespace {

// New blocks are carved from slabs of this size (or one block, if larger).
constexpr size_t kSlabBytes = size_t{64} << 10;

}  // namespace

BlockPool::ThreadCache::~ThreadCache() { pool_->Drain(*this); }

BlockPool::BlockPool(size_t block_size)
    : block_size_((std::max(block_size, sizeof(FreeBlock)) + alignof(std::max_align_t) - 1) &
                  ~(alignof(std::max_align_t) - 1)) {}

BlockPool::~BlockPool() = default;

void BlockPool::Refill(ThreadCache& cache) {
  std::lock_guard<std::mutex> lock(mu_);
  if (!batches_.empty()) {
    cache.head_ = batches_.back().head;
    cache.count_ = batches_.back().count;
    batches_.pop_back();
    return;
  }
  // New blocks, threaded into a free list in address order so that they
  // are handed out in that order.
  FreeBlock* head = nullptr;
  FreeBlock** link = &head;
  for (size_t i = 0; i < kBatch; ++i) {
    if (static_cast<size_t>(slab_end_ - slab_next_) < block_size_) {
      const size_t bytes = std::max(kSlabBytes, block_size_);
      slab_next_ = static_cast<char*>(slabs_.Allocate(bytes, alignof(std::max_align_t)));
      slab_end_ = slab_next_ + bytes;
    }
    FreeBlock* block = reinterpret_cast<FreeBlock*>(slab_next_);
    slab_next_ += block_size_;
    *link = block;
    link = &block->next;
  }
  *link = nullptr;
  cache.head_ = head;
  cache.count_ = kBatch;
}

void BlockPool::Spill(ThreadCache& cache) {
  // The most recently freed blocks stay with the thread.
  FreeBlock* last_kept = cache.head_;
  for (size_t i = 1; i < cache.count_ - kBatch; ++i) last_kept = last_kept->next;
  FreeBlock* batch = last_kept->next;
  last_kept->next = nullptr;
  cache.count_ -= kBatch;
  std::lock_guard<std::mutex> lock(mu_);
  batches_.push_back(Batch{batch, kBatch});
}

void BlockPool::Drain(ThreadCache& cache) {
  if (cache.head_ == nullptr) return;
  std::lock_guard<std::mutex> lock(mu_);
  batches_.push_back(Batch{cache.head_, cache.count_});
  cache.head_ = nullptr;
  cache.count_ = 0;
}

}  // namespace fxpp
