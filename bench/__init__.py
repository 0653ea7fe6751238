"""Benchmarks: scripts that print numbers (see BENCHMARKS.md). Never run by the tests."""
