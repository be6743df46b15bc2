"""Hand evaluators: batch Numba kernels, one integer strength per hand, greater is better.

(being written: see simkit/hands/README-contract in the issue notes)
"""
