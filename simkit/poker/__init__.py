"""simkit.poker"""
