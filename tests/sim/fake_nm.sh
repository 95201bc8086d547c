#!/bin/sh
# Stands in for nm in the test that globals_check.py can fail: one writable global a rank would write.
echo "0000000000001000 b tamp::stencil::(anonymous namespace)::iterations_done"
echo "0000000000001008 b tamp::mapper_registry()::registry"
