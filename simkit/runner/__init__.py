"""simkit.runner"""
