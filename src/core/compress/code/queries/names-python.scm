; Names defined at the top level of a Python module: functions, classes, assigned names.

(module
  [
    (function_definition name: (identifier) @name)
    (class_definition name: (identifier) @name)
    (decorated_definition definition: (function_definition name: (identifier) @name))
    (decorated_definition definition: (class_definition name: (identifier) @name))
    (expression_statement (assignment left: (identifier) @name))
    (expression_statement (assignment left: (pattern_list (identifier) @name)))
    (expression_statement (assignment left: (tuple_pattern (identifier) @name)))
  ])
