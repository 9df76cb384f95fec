// Memory measurement shared by the benchmarks.
#ifndef FXPP_BENCH_BENCH_UTIL_H_
#define FXPP_BENCH_BENCH_UTIL_H_

#include <malloc.h>

#include <cstdint>

namespace fxpp {

// Bytes currently allocated through malloc (glibc's count, exact).
inline int64_t HeapInUse() { return static_cast<int64_t>(mallinfo2().uordblks); }

}  // namespace fxpp

#endif  // FXPP_BENCH_BENCH_UTIL_H_
