import CGSL
