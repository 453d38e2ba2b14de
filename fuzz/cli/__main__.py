"""``python -m fuzz.cli``: the kernelfuzz command."""
from fuzz.cli import main

main()
