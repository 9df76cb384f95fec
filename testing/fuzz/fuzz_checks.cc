#include "testing/fuzz/fuzz_checks.h"

#include <cstdio>
#include <cstdlib>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "google/protobuf/stubs/logging.h"
#include "ir/verifier.h"

namespace fxpp {
namespace fuzz {
namespace {

// Protobuf logs each invalid UTF-8 string it rejects, and fuzzing makes
// millions of them; the Status errors say the same.
[[maybe_unused]] const bool kProtobufLogsDiscarded =
    (google::protobuf::SetLogHandler(nullptr), true);

}  // namespace

void Violation(absl::string_view what, const absl::Status& status) {
  std::fprintf(stderr, "fuzz property violated: %.*s: %s\n", static_cast<int>(what.size()),
               what.data(), status.ToString().c_str());
  std::abort();
}

void CheckOk(absl::string_view what, const absl::Status& status) {
  if (!status.ok()) Violation(what, status);
}

void CheckRendersAndReparses(const GraphModule& module, const FxPrintOptions& fx_print,
                             bool fx_text_source) {
  // Graphs read from FX text carry no module state, so attribute targets
  // cannot be checked; forward references are FX text (and convert); the
  // structural invariants still apply.
  ModuleVerifyOptions verify;
  verify.check_attributes = false;
  verify.graph.allow_forward_references = true;
  const bool verifies = VerifyGraphModule(module, verify).ok();
  // Protobuf binary holds every field bit for bit (NaN payloads and signs,
  // -0.0), deterministically: the lossless formats must give it back.
  absl::StatusOr<std::string> pb = RenderModule(module, Format::kPb);
  if (verifies) CheckOk("writing a verified module as pb", pb.status());
  for (Format format : {Format::kFx, Format::kFxg, Format::kJson, Format::kPb, Format::kReadable}) {
    // pb was rendered above; rendering is deterministic.
    absl::StatusOr<std::string> rendered =
        format == Format::kPb ? pb : RenderModule(module, format, fx_print);
    // What a writer accepts must read back (the writers refuse what their
    // format cannot hold, with a Status).
    if (!rendered.ok() || format == Format::kReadable) continue;
    const bool fx = format == Format::kFx;
    if (fx && !fx_text_source) continue;
    absl::StatusOr<LoadedModule> reparsed = ParseModule(*rendered, "<rendered>", format);
    CheckOk(absl::StrCat("re-parsing rendered ", FormatName(format)), reparsed.status());
    // FX text must print the same text again; fxg, JSON and pb must keep
    // every field, compared bit for bit in protobuf binary.
    if (!fx && !pb.ok()) {
      Violation(absl::StrCat("writing as ", FormatName(format), " but not as pb"), pb.status());
    }
    const Format compared = fx ? Format::kFx : Format::kPb;
    const std::string& expected = fx ? *rendered : *pb;
    const std::string actual =
        RenderModule(*reparsed->module, compared, reparsed->fx_print).value();
    if (actual != expected) {
      const std::string shown = fx ? expected : RenderModule(module, Format::kFxg).value();
      const std::string shown_actual =
          fx ? actual : RenderModule(*reparsed->module, Format::kFxg).value();
      Violation(absl::StrCat(FormatName(format), " round trip"),
                absl::DataLossError(absl::StrCat("expected:\n", shown, "\nactual:\n", shown_actual)));
    }
  }
}

void FuzzParser(Format format, const uint8_t* data, size_t size) {
  const absl::string_view text(reinterpret_cast<const char*>(data), size);
  absl::StatusOr<LoadedModule> loaded = ParseModule(text, "<fuzz>", format);
  if (!loaded.ok()) return;
  CheckRendersAndReparses(*loaded->module, loaded->fx_print, format == Format::kFx);
}

}  // namespace fuzz
}  // namespace fxpp
