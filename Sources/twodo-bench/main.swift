// placeholder
print("twodo-bench")
