// Benchmark executable 'bench-analysis': measured from scripts/bench; see Benchmarks/README.md.
print("bench-analysis: not written yet")
