"""C++ code generation from .proto files with the system protoc (offline)."""

def fxpp_cc_proto_library(name, src, deps = [], visibility = None):
    """Runs the system protoc on `src` and wraps the result in a cc_library.

    Args:
      name: name of the resulting cc_library.
      src: one .proto file in the current package.
      deps: further cc_library deps (other fxpp_cc_proto_library targets).
      visibility: visibility of the cc_library.
    """
    base = src[:-len(".proto")]
    pkg = native.package_name()
    native.genrule(
        name = name + "_protoc",
        srcs = [src],
        outs = [base + ".pb.h", base + ".pb.cc"],
        cmd = "protoc --proto_path=. --cpp_out=$(GENDIR) %s/%s" % (pkg, src) if pkg else
              "protoc --proto_path=. --cpp_out=$(GENDIR) %s" % src,
        message = "protoc " + src,
    )
    native.cc_library(
        name = name,
        srcs = [base + ".pb.cc"],
        hdrs = [base + ".pb.h"],
        deps = deps + ["//third_party/protobuf"],
        visibility = visibility,
    )
