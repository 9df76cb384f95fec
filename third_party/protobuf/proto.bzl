"""C++ code generation from .proto files with the system protoc (offline)."""

load("//:copts.bzl", "FXPP_COPTS")

def fxpp_cc_proto_library(name, src, imports = [], deps = [], visibility = None):
    """Runs the system protoc on `src` and wraps the result in a cc_library.

    Works whether fxpp is the main repository or an external one: protoc's
    proto path is the root of the repository holding `src` (found from its
    execution path), and the generated files go under this rule's output
    directory.

    Args:
      name: name of the resulting cc_library.
      src: one .proto file in the current package.
      imports: the .proto files `src` imports (labels), from the same repository.
      deps: further cc_library deps (the fxpp_cc_proto_library of each import).
      visibility: visibility of the cc_library.
    """
    base = src[:-len(".proto")]
    pkg = native.package_name()

    # Both paths end in the package: strip it to get the repository's roots
    # ("" or "external/<repo>/" for sources, ".../bin[/external/<repo>]" for outputs).
    native.genrule(
        name = name + "_protoc",
        srcs = [src] + imports,
        outs = [base + ".pb.h", base + ".pb.cc"],
        cmd = " ".join([
            "proto=$(execpath %s);" % src,
            "source_root=$${proto%%%s};" % ((pkg + "/" + src) if pkg else src),
            "output_root=$(RULEDIR);",
            "output_root=$${output_root%%%s};" % ("/" + pkg if pkg else ""),
            "protoc --proto_path=$${source_root:-.} --cpp_out=$$output_root $$proto",
        ]),
        message = "protoc " + src,
    )
    native.cc_library(
        name = name,
        srcs = [base + ".pb.cc"],
        hdrs = [base + ".pb.h"],
        copts = FXPP_COPTS,
        deps = deps + [Label("//third_party/protobuf")],
        visibility = visibility,
    )
