"""kb: a Magic: The Gathering rulings knowledge base generator."""

__version__ = "0.1.0"
