"""Forwards @rules_proto//proto:defs.bzl to Bazel 4's native proto rules."""

ProtoInfo = ProtoInfo
proto_lang_toolchain = native.proto_lang_toolchain
proto_library = native.proto_library
