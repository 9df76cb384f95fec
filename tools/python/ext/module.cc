// fxpp._C: fxpp's passes in process. A Module holds a torch module tree
// converted to fxpp's IR (from_torch.h); passes run on it through the pass
// registry, and its graphs come back as torch.fx.Graphs (to_torch.h).
// fxpp/torch.py assembles them into GraphModules.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "export/exported_program.pb.h"
#include "export/program_fxg.h"
#include "export/program_input.h"
#include "export/program_proto.h"
#include "export/unflatten.h"
#include "google/protobuf/util/json_util.h"
#include "ir/fx_text/text_writer.h"
#include "ir/fxg/meta_text.h"
#include "ir/graph_module.h"
#include "ir/io/module_io.h"
#include "ir/status_macros.h"
#include "passes/pipeline.h"
#include "passes/registry.h"
#include "passes/split_by_tags/split_by_tags.h"
#include "tools/python/ext/from_export.h"
#include "tools/python/ext/from_torch.h"
#include "tools/python/ext/to_torch.h"
#include "tools/python/ext/topo_sort.h"
#include "tools/python/ext/torch_objects.h"

namespace fxpp {
namespace pyext {
namespace {

void ThrowIfError(const absl::Status& status) {
  if (!status.ok()) throw py::value_error(std::string(status.message()));
}

// A pytree TreeSpec as (type, context JSON, [children]); a leaf has type "".
py::tuple SpecTuple(const TreeSpec& spec) {
  py::list children;
  for (const TreeSpec& child : spec.children) children.append(SpecTuple(child));
  return py::make_tuple(spec.type, spec.context, children);
}

class Module {
 public:
  Module(py::handle torch_module, bool read_tags, bool sort,
         const std::map<std::string, uint32_t>& storage_groups) {
    FromTorchOptions options;
    options.read_tags = read_tags;
    options.sort = sort;
    options.storage_groups.insert(storage_groups.begin(), storage_groups.end());
    module_ = ModuleFromTorch(torch_module, objects_, options);
  }

  // torch.export.unflatten: the exported program's flat graph
  // (ep.graph_module) converted here, its signature, module call graph and
  // state given as JSON (ExportedProgramFromTorch); the module holds the
  // unflattened tree (export/unflatten.h).
  static std::unique_ptr<Module> Unflattened(py::handle graph_module,
                                             const std::string& program_json) {
    auto module = std::unique_ptr<Module>(new Module());
    ExportedProgram program = ExportedProgramFromTorch(graph_module, program_json,
                                                       module->objects_);
    absl::StatusOr<UnflattenResult> result;
    {
      py::gil_scoped_release release;
      UnflattenOptions options;
      options.validate = false;  // ExportedProgramFromTorch validated it
      result = Unflatten(program, options);
    }
    ThrowIfError(result.status());
    module->module_ = std::move(result->module);
    module->specs_ = std::move(result->specs);
    return module;
  }

  // Unflatten's pytree spec attributes: (module path, name, spec).
  py::list Specs() const {
    py::list out;
    for (const SpecAttribute& spec : specs_) {
      out.append(py::make_tuple(spec.module_path, spec.name, SpecTuple(spec.spec)));
    }
    return out;
  }

  // Runs a registered pipeline ("functionalize,dedup{min_region_size=3},dce"),
  // verifying after every pass that changed the module.
  bool Run(const std::string& pipeline_text) {
    absl::StatusOr<bool> changed;
    {
      py::gil_scoped_release release;  // passes never touch Python
      auto passes = PassRegistry::Global().ParsePipeline(pipeline_text);
      if (!passes.ok()) {
        changed = passes.status();
      } else {
        PassPipeline pipeline;
        for (auto& pass : *passes) pipeline.Add(std::move(pass));
        changed = pipeline.Run(*module_);
      }
    }
    ThrowIfError(changed.status());
    return *changed;
  }

  // split_by_tags with the tags nodes carry; returns the FQN mapping
  // (original path -> path in the split module) as pairs.
  std::vector<std::pair<std::string, std::string>> SplitByTags(std::vector<std::string> tags,
                                                               bool return_tuple) {
    SplitByTagsOptions options;
    options.return_tuple = return_tuple;
    options.return_fqn_mapping = true;
    absl::StatusOr<SplitByTagsResult> split;
    {
      py::gil_scoped_release release;
      split = fxpp::SplitByTags(*module_, tags, options);
    }
    ThrowIfError(split.status());
    module_ = std::move(split->module);
    return std::move(split->fqn_mapping);
  }

  // The module tree in preorder: (path, class name, has graph, state), the
  // state as (name, kind, persistent).
  py::list Modules() const {
    py::list out;
    AddModules(*module_, "", out);
    return out;
  }

  py::object Graph(const std::string& path) {
    const GraphModule* module = module_->FindSubmodule(path);
    if (module == nullptr || !module->has_graph()) {
      throw py::key_error(absl::StrCat("no graph module at '", path, "'"));
    }
    return GraphToTorch(module->graph(), objects_);
  }

  // Each node's metadata as the IR holds it: (name, fxg's `field: value`
  // lines), to check conversions against each other.
  std::vector<std::pair<std::string, std::string>> MetaLines(const std::string& path) const {
    const GraphModule* module = module_->FindSubmodule(path);
    if (module == nullptr || !module->has_graph()) {
      throw py::key_error(absl::StrCat("no graph module at '", path, "'"));
    }
    std::vector<std::pair<std::string, std::string>> out;
    NodeMetaWriter meta_writer(/*prefix=*/"");
    for (const Node* node : module->graph().nodes()) {
      std::string lines;
      {
        TextWriter writer(&lines);  // flushes into `lines` when it goes
        meta_writer.Append(node->meta(), &writer);
      }
      out.emplace_back(std::string(node->name()), std::move(lines));
    }
    return out;
  }

  size_t NumNodes() const {
    size_t n = 0;
    CountNodes(*module_, n);
    return n;
  }

 private:
  static void AddModules(const GraphModule& m, const std::string& path, py::list& out) {
    py::list state;
    for (const StateEntry& e : m.state()) {
      state.append(py::make_tuple(e.name, std::string(StateKindName(e.kind)), e.persistent));
    }
    out.append(py::make_tuple(path, m.class_name(), m.has_graph(), state));
    for (const auto& [name, child] : m.children()) {
      AddModules(*child, path.empty() ? name : absl::StrCat(path, ".", name), out);
    }
  }

  static void CountNodes(const GraphModule& m, size_t& n) {
    if (m.has_graph()) n += m.graph().size();
    for (const auto& child : m.children()) CountNodes(*child.second, n);
  }

  Module() = default;

  TorchObjects objects_;
  std::unique_ptr<GraphModule> module_;
  std::vector<SpecAttribute> specs_;  // unflattened modules only
};

// A file in fxpp's protobuf JSON mapping as protobuf binary (.pb), the fast
// lossless format: fxpp.dump writes .pb through it.
template <typename Message>
py::bytes JsonToBinary(const std::string& json) {
  Message message;
  const auto status = google::protobuf::util::JsonStringToMessage(json, &message);
  if (!status.ok()) throw py::value_error(status.ToString());
  return py::bytes(message.SerializeAsString());
}

// Releases the GIL around pure C++ work on whole files.
template <typename Fn>
auto WithoutGil(Fn&& fn) {
  py::gil_scoped_release release;
  return fn();
}

// A module or exported program given as fxpp's JSON, as fxg (fxpp.dump
// writes .fxg through it): the JSON is read as the tools read it, verified.
py::bytes JsonToFxg(const std::string& json, bool program) {
  absl::StatusOr<std::string> fxg = WithoutGil([&]() -> absl::StatusOr<std::string> {
    if (program) {
      absl::StatusOr<ExportedProgram> read = ParseExportedProgramJson(json, "<json>");
      if (!read.ok()) return read.status();
      return PrintExportedProgramFxg(*read);
    }
    absl::StatusOr<LoadedModule> read = ParseModule(json, "<json>", Format::kJson);
    if (!read.ok()) return read.status();
    RETURN_IF_ERROR(VerifyLoadedModule(*read, {}));
    return RenderModule(*read->module, Format::kFxg);
  });
  ThrowIfError(fxg.status());
  return py::bytes(*fxg);
}

// A file's contents in any lossless format (.pb, .fxg, JSON; a module or an
// exported program, as the tools tell them) as fxpp's JSON, which
// fxpp.load reads.
std::string FileToJson(const std::string& contents, const std::string& path) {
  absl::StatusOr<std::string> json = WithoutGil([&]() -> absl::StatusOr<std::string> {
    absl::optional<Format> format = FormatFromPath(path);
    if (!format.has_value()) format = FormatFromContents(contents);
    // A program or a module, as the tools tell them.
    ASSIGN_OR_RETURN(absl::optional<ExportedProgram> program,
                     ReadIfExportedProgram(contents, path, format));
    if (program.has_value()) return SerializeExportedProgramJson(*program);
    absl::StatusOr<LoadedModule> read = ParseModule(contents, path, format.value_or(Format::kJson));
    if (!read.ok()) return read.status();
    RETURN_IF_ERROR(VerifyLoadedModule(*read, {}));
    return RenderModule(*read->module, Format::kJson);
  });
  ThrowIfError(json.status());
  return *json;
}

}  // namespace

PYBIND11_MODULE(_C, m) {
  m.doc() = "fxpp's C++ passes on torch.fx graphs, in process (see fxpp.torch)";
  py::class_<Module>(m, "Module")
      .def(py::init<py::handle, bool, bool, const std::map<std::string, uint32_t>&>(),
           py::arg("module"), py::arg("read_tags") = false, py::arg("sort") = false,
           py::arg("storage_groups") = std::map<std::string, uint32_t>(),
           "Converts a torch.fx.GraphModule's module tree to fxpp's IR (with sort, "
           "each graph's nodes in stable topological order; storage_groups: "
           "{path: group} of the state tensors that share storage).")
      .def("run", &Module::Run, py::arg("pipeline"),
           "Runs a pass pipeline; returns whether it changed anything.")
      .def("split_by_tags", &Module::SplitByTags, py::arg("tags"), py::arg("return_tuple"))
      .def_static("unflatten", &Module::Unflattened, py::arg("graph_module"),
                  py::arg("program_json"),
                  "torch.export.unflatten of an exported program: its graph_module, and the "
                  "rest as export/exported_program.proto JSON without graph_module.")
      .def("specs", &Module::Specs)
      .def("modules", &Module::Modules)
      .def("graph", &Module::Graph, py::arg("path") = "")
      .def("meta_lines", &Module::MetaLines, py::arg("path") = "",
           "(name, metadata) of each node of a graph, the metadata as fxg's "
           "`field: value` lines.")
      .def("num_nodes", &Module::NumNodes);
  m.def("module_json_to_binary", &JsonToBinary<proto::GraphModule>, py::arg("json"),
        "An fxpp.proto module file's JSON as protobuf binary.");
  m.def("program_json_to_binary", &JsonToBinary<export_proto::ExportedProgram>, py::arg("json"),
        "An exported_program.proto file's JSON as protobuf binary.");
  m.def("module_json_to_fxg", [](const std::string& json) { return JsonToFxg(json, false); },
        py::arg("json"), "An fxpp.proto module file's JSON as fxg text (bytes).");
  m.def("program_json_to_fxg", [](const std::string& json) { return JsonToFxg(json, true); },
        py::arg("json"), "An exported_program.proto file's JSON as fxg text (bytes).");
  m.def("file_to_json", [](py::bytes contents, const std::string& path) {
          return FileToJson(contents, path);
        }, py::arg("contents"), py::arg("path"),
        "A module or exported program file in any lossless format (.pb, .fxg, JSON) as "
        "fxpp's JSON; `path` names it in errors and tells its format by extension.");
  m.def("graph_is_sorted", &GraphIsSorted, py::arg("graph"),
        "Whether a torch.fx.Graph is already in the order fxpp's topo_sort keeps.");
  m.def("stable_topological_sort", &SortInPlace, py::arg("graph"),
        "Sorts a torch.fx.Graph in place as torch._inductor.pattern_matcher."
        "stable_topological_sort does; returns the number of nodes moved.");
  m.def("list_passes", [] { return PassRegistry::Global().Describe(); },
        "Every registered pass with its options.");
}

}  // namespace pyext
}  // namespace fxpp
