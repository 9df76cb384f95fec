// Room for a large text about to be written, backed by huge pages.
#ifndef FXPP_IR_BULK_BUFFER_H_
#define FXPP_IR_BULK_BUFFER_H_

#include <cstddef>
#include <string>

namespace fxpp {

// Reserves `capacity` bytes in `buffer`, and when the room beyond its
// contents spans whole huge pages asks Linux to back them with transparent
// huge pages (madvise MADV_HUGEPAGE; a hint, ignored where THP is off).
// Filling tens of megabytes of fresh memory otherwise takes a page fault per
// 4 KiB: a fifth of reading a 100k-node fxg file (its copy, or the file read)
// and a third of writing a large one went to those faults.
void ReserveForBulkFill(std::string* buffer, size_t capacity);

}  // namespace fxpp

#endif  // FXPP_IR_BULK_BUFFER_H_
