#include "ir/bulk_buffer.h"

#include <sys/mman.h>

#include <cstdint>

namespace fxpp {

void ReserveForBulkFill(std::string* buffer, size_t capacity) {
  buffer->reserve(capacity);
  // Only the huge pages wholly inside the room not yet written: the advice
  // covers whole pages, and memory beside the string is not ours to advise.
  constexpr uintptr_t kHugePage = uintptr_t{2} << 20;
  const uintptr_t data = reinterpret_cast<uintptr_t>(buffer->data());
  const uintptr_t first = (data + buffer->size() + kHugePage - 1) & ~(kHugePage - 1);
  const uintptr_t last = (data + buffer->capacity()) & ~(kHugePage - 1);
  if (last > first) {
    // Best effort: a kernel without THP (EINVAL) runs as fast as before.
    madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
  }
}

}  // namespace fxpp
