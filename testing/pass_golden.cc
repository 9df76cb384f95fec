#include "testing/pass_golden.h"

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "ir/fxg/fxg.h"
#include "ir/io/module_io.h"
#include "passes/pipeline.h"
#include "testing/golden.h"
#include "testing/same_computation.h"

namespace fxpp {

ModuleVerifyOptions VerifyOptionsFor(absl::string_view fixture) {
  ModuleVerifyOptions options;
  options.check_attributes = FormatFromPath(fixture) != Format::kFx;
  return options;
}

absl::optional<std::string> RunPassChecked(Pass& pass, GraphModule& module,
                                           absl::string_view fixture,
                                           const PassGoldenOptions& options) {
  const ModuleVerifyOptions verify = VerifyOptionsFor(fixture);
  const std::string before = PrintFxg(module);
  const std::unique_ptr<GraphModule> original = options.keeps_computation ? module.Clone() : nullptr;
  const absl::Status input = VerifyGraphModule(module, verify);
  if (options.invalid_input && input.ok()) {
    ADD_FAILURE() << fixture << " is marked as an invalid input but verifies";
    return absl::nullopt;
  }
  if (!options.invalid_input && !input.ok()) {
    ADD_FAILURE() << fixture << " does not verify: " << input;
    return absl::nullopt;
  }

  PassPipeline::Options checks;
  checks.verify = verify;
  checks.check_changed = true;
  const absl::StatusOr<bool> changed = RunPass(pass, module, checks);
  if (!changed.ok()) {
    // The pipeline names who failed: the input, or the pass itself ("in pass
    // X: "). Anything else is a check of the result failing.
    const absl::string_view message = changed.status().message();
    const bool expected =
        options.invalid_input
            ? absl::StartsWith(message, "input: ")
            : absl::StartsWith(message, absl::StrCat("in pass ", pass.name(), ": "));
    if (!expected) {
      ADD_FAILURE() << "pass " << pass.name() << " on " << fixture
                    << " failed the pipeline's checks: " << changed.status();
      return absl::nullopt;
    }
    if (PrintFxg(module) != before) {
      ADD_FAILURE() << "pass " << pass.name() << " rejected " << fixture
                    << " but changed it: a rejected module must be left unchanged";
      return absl::nullopt;
    }
    return absl::StrCat("error: ", changed.status().ToString(), "\n");
  }
  if (options.invalid_input) {
    ADD_FAILURE() << "the pipeline accepted " << fixture << ", an invalid input";
    return absl::nullopt;
  }

  // The pipeline verifies only changed results and trusts its own
  // fingerprint; these checks do not depend on how it was configured.
  if (const absl::Status result = VerifyGraphModule(module, verify); !result.ok()) {
    ADD_FAILURE() << "the result of pass " << pass.name() << " on " << fixture
                  << " does not verify: " << result;
    return absl::nullopt;
  }
  const bool differs = PrintFxg(module) != before;
  if (*changed != differs) {
    ADD_FAILURE() << "pass " << pass.name() << " on " << fixture
                  << " returned changed=" << (*changed ? "true" : "false") << " but the module "
                  << (differs ? "changed" : "is unchanged");
    return absl::nullopt;
  }
  if (original != nullptr) {
    if (const absl::Status same = CheckSameComputation(*original, module); !same.ok()) {
      ADD_FAILURE() << "pass " << pass.name() << " on " << fixture << ": " << same;
      return absl::nullopt;
    }
  }
  return options.render ? options.render(module) : PrintFxg(module);
}

void RunPassOnFixture(Pass& pass, const GoldenCase& golden_case, const PassGoldenOptions& options) {
  absl::StatusOr<std::unique_ptr<GraphModule>> module = ReadFixture(golden_case);
  if (!module.ok()) {
    ADD_FAILURE() << module.status();
    return;
  }
  const absl::optional<std::string> actual =
      RunPassChecked(pass, **module, golden_case.fixture, options);
  if (actual.has_value()) EXPECT_MATCHES_GOLDEN(*actual, options.golden);
}

}  // namespace fxpp
