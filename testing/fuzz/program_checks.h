// The fuzz property of exported programs' writers, shared by the fuzz
// targets that read programs (JSON, and fxg).
#ifndef FXPP_TESTING_FUZZ_PROGRAM_CHECKS_H_
#define FXPP_TESTING_FUZZ_PROGRAM_CHECKS_H_

#include "export/exported_program.h"

namespace fxpp {
namespace fuzz {

// A program a reader accepted is written in each lossless program format
// (JSON, pb, fxg), and each reads back as the same program (compared as
// JSON, which holds all of it); aborts otherwise.
void CheckProgramRoundTrips(const ExportedProgram& program);

}  // namespace fuzz
}  // namespace fxpp

#endif  // FXPP_TESTING_FUZZ_PROGRAM_CHECKS_H_
