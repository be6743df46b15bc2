"""simkit.cli"""
