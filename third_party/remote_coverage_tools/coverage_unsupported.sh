#!/bin/sh
echo "coverage is not supported in the offline fxpp build" >&2
exit 1
