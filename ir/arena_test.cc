#include "ir/arena.h"

#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

#include "gtest/gtest.h"

namespace fxpp {
namespace {

constexpr uintptr_t kHugeBlock = uintptr_t{2} << 20;

// Fills `count` allocations of `size` bytes each with its own byte and
// checks every one still holds it: no two overlap, however the arena grows.
void FillAndCheck(Arena& arena, size_t count, size_t size, std::vector<char*>* out) {
  for (size_t i = 0; i < count; ++i) {
    char* p = static_cast<char*>(arena.Allocate(size, 8));
    std::memset(p, static_cast<int>(i % 251), size);
    out->push_back(p);
  }
  for (size_t i = 0; i < count; ++i) {
    for (size_t b = 0; b < size; ++b) {
      ASSERT_EQ((*out)[i][b], static_cast<char>(i % 251)) << "allocation " << i << " byte " << b;
    }
  }
}

TEST(ArenaTest, AllocationsStayApartAcrossHugeBlocks) {
  Arena arena;
  std::vector<char*> allocations;
  // 6 MiB: ordinary chunks, then several huge blocks.
  FillAndCheck(arena, 6 * 1024, 1024, &allocations);
}

TEST(ArenaTest, LargeArenaTakesHugePageAlignedBlocks) {
  Arena arena;
  std::vector<char*> allocations;
  FillAndCheck(arena, 3 * 1024, 1024, &allocations);
  // Past the first 1 MiB the arena takes whole 2 MiB blocks, each starting
  // on a huge-page boundary, where one of these allocations then lies
  // (ordinary chunks from new[] start just past a malloc header).
  size_t at_block_start = 0;
  for (char* p : allocations) {
    if (reinterpret_cast<uintptr_t>(p) % kHugeBlock == 0) ++at_block_start;
  }
  EXPECT_GE(at_block_start, 1u);
  // A request larger than a block still gets memory of its own.
  char* big = static_cast<char*>(arena.Allocate(3 * kHugeBlock, 8));
  std::memset(big, 7, 3 * kHugeBlock);
  EXPECT_EQ(allocations.back()[0], static_cast<char>((3 * 1024 - 1) % 251));
}

TEST(ArenaTest, BlocksAreReusedByTheNextArena) {
  std::vector<char*> first;
  {
    Arena arena;
    FillAndCheck(arena, 3 * 1024, 1024, &first);
  }
  Arena again;
  std::vector<char*> second;
  FillAndCheck(again, 3 * 1024, 1024, &second);
}

}  // namespace
}  // namespace fxpp
