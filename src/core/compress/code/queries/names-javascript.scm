; Names declared at the top level of a JavaScript module, bare or exported.

(program
  [
    (function_declaration name: (identifier) @name)
    (generator_function_declaration name: (identifier) @name)
    (class_declaration name: (identifier) @name)
    (lexical_declaration (variable_declarator name: (identifier) @name))
    (variable_declaration (variable_declarator name: (identifier) @name))
    (lexical_declaration (variable_declarator name: (object_pattern (shorthand_property_identifier_pattern) @name)))
    (lexical_declaration (variable_declarator name: (array_pattern (identifier) @name)))
  ])

(program
  (export_statement
    declaration: [
      (function_declaration name: (identifier) @name)
      (generator_function_declaration name: (identifier) @name)
      (class_declaration name: (identifier) @name)
      (lexical_declaration (variable_declarator name: (identifier) @name))
      (variable_declaration (variable_declarator name: (identifier) @name))
    ]))

(program
  (export_statement
    value: [
      (function_expression name: (identifier) @name)
      (class name: (identifier) @name)
    ]))
