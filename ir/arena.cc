#include "ir/arena.h"

#include <algorithm>

namespace fxpp {

void Arena::NewChunk(size_t min_size) {
  // Chunks double from 256 bytes to 64 KiB: small graphs stay small, large
  // ones make few allocations, and the unused tail of the last chunk is
  // bounded.
  const size_t capacity = std::max(size_t{256} << std::min<size_t>(chunks_.size(), 8), min_size);
  chunks_.emplace_back(new char[capacity]);
  next_ = chunks_.back().get();
  end_ = next_ + capacity;
}

}  // namespace fxpp
