#include "ir/block_pool.h"

#include <cstdint>
#include <cstring>
#include <memory>
#include <set>
#include <thread>
#include <vector>

#include <sanitizer/asan_interface.h>

#include "gtest/gtest.h"

#if defined(__SANITIZE_ADDRESS__)
#define ASAN_BUILD 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ASAN_BUILD 1
#endif
#endif
#ifndef ASAN_BUILD
#define ASAN_BUILD 0
#endif

namespace fxpp {
namespace {

TEST(BlockPoolTest, BlockSizeIsRoundedToTheMaxAlignment) {
  EXPECT_EQ(BlockPool(1).block_size(), alignof(std::max_align_t));
  EXPECT_EQ(BlockPool(200).block_size() % alignof(std::max_align_t), 0u);
  EXPECT_GE(BlockPool(200).block_size(), 200u);
}

TEST(BlockPoolTest, AFreedBlockIsTheNextOneHandedOut) {
  BlockPool pool(48);
  BlockPool::ThreadCache cache(&pool);
  void* a = cache.Allocate();
  void* b = cache.Allocate();
  EXPECT_NE(a, b);
  cache.Free(a);
  EXPECT_EQ(cache.Allocate(), a);
  cache.Free(b);
  cache.Free(a);
}

// More blocks than a thread keeps, live at once then freed and taken again:
// the second round reuses the first round's blocks (they went to the pool in
// batches and came back), all distinct and aligned, none overlapping.
TEST(BlockPoolTest, BlocksComeBackThroughThePoolAndDoNotOverlap) {
  BlockPool pool(40);
  BlockPool::ThreadCache cache(&pool);
  constexpr size_t kBlocks = 5000;
  std::vector<void*> first;
  for (size_t i = 0; i < kBlocks; ++i) {
    first.push_back(cache.Allocate());
    std::memset(first.back(), static_cast<int>(i), pool.block_size());
  }
  std::set<uintptr_t> addresses;
  for (void* p : first) {
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % alignof(std::max_align_t), 0u);
    addresses.insert(reinterpret_cast<uintptr_t>(p));
  }
  ASSERT_EQ(addresses.size(), kBlocks);
  for (auto it = std::next(addresses.begin()); it != addresses.end(); ++it) {
    EXPECT_GE(*it - *std::prev(it), pool.block_size());
  }
  for (void* p : first) cache.Free(p);
  std::set<uintptr_t> again;
  for (size_t i = 0; i < kBlocks; ++i) again.insert(reinterpret_cast<uintptr_t>(cache.Allocate()));
  EXPECT_EQ(again, addresses);
}

// Blocks freed by a thread that then exits are handed out to another.
TEST(BlockPoolTest, AnExitingThreadGivesItsBlocksBack) {
  BlockPool pool(64);
  std::set<uintptr_t> freed;
  std::thread([&] {
    BlockPool::ThreadCache cache(&pool);
    std::vector<void*> blocks;
    for (int i = 0; i < 300; ++i) blocks.push_back(cache.Allocate());
    for (void* p : blocks) {
      freed.insert(reinterpret_cast<uintptr_t>(p));
      cache.Free(p);
    }
  }).join();
  BlockPool::ThreadCache cache(&pool);
  std::set<uintptr_t> taken;
  for (int i = 0; i < 300; ++i) taken.insert(reinterpret_cast<uintptr_t>(cache.Allocate()));
  EXPECT_EQ(taken, freed);
}

// What CI's AddressSanitizer run relies on to catch a use after free of
// node metadata: a freed block's bytes past the free-list link are poisoned.
TEST(BlockPoolTest, AFreedBlockIsPoisonedUnderAddressSanitizer) {
#if ASAN_BUILD
  BlockPool pool(64);
  BlockPool::ThreadCache cache(&pool);
  char* block = static_cast<char*>(cache.Allocate());
  EXPECT_EQ(__asan_address_is_poisoned(block + 16), 0);
  cache.Free(block);
  EXPECT_NE(__asan_address_is_poisoned(block + 16), 0);
  EXPECT_NE(__asan_address_is_poisoned(block + pool.block_size() - 1), 0);
  EXPECT_EQ(cache.Allocate(), block);
  EXPECT_EQ(__asan_address_is_poisoned(block + 16), 0);
  cache.Free(block);
#else
  GTEST_SKIP() << "built without AddressSanitizer";
#endif
}

TEST(PoolAllocatorTest, SharedObjectsAreBuiltInPoolBlocksAndRecycled) {
  struct Payload {
    std::vector<int> values;
    double weight = 0;
  };
  void* first;
  {
    std::shared_ptr<Payload> p = std::allocate_shared<Payload>(PoolAllocator<Payload>());
    p->values = {1, 2, 3};
    first = p.get();
  }
  // A malloc of the same size would get the freed block from malloc's free
  // list, had the allocator given it back there.
  void* interloper = ::operator new(sizeof(Payload) + 16);
  std::shared_ptr<Payload> q = std::allocate_shared<Payload>(PoolAllocator<Payload>());
  EXPECT_EQ(q.get(), first);
  EXPECT_TRUE(q->values.empty());
  ::operator delete(interloper);
}

}  // namespace
}  // namespace fxpp
