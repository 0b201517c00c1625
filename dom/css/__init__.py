"""CSS without layout: the property table, declared and computed values, style sheets and the cascade."""
