; Names declared at the top level of a TypeScript / TSX module, bare, exported or ambient.

(program
  [
    (function_declaration name: (identifier) @name)
    (generator_function_declaration name: (identifier) @name)
    (function_signature name: (identifier) @name)
    (class_declaration name: (type_identifier) @name)
    (abstract_class_declaration name: (type_identifier) @name)
    (interface_declaration name: (type_identifier) @name)
    (type_alias_declaration name: (type_identifier) @name)
    (enum_declaration name: (identifier) @name)
    (lexical_declaration (variable_declarator name: (identifier) @name))
    (variable_declaration (variable_declarator name: (identifier) @name))
    (lexical_declaration (variable_declarator name: (object_pattern (shorthand_property_identifier_pattern) @name)))
    (lexical_declaration (variable_declarator name: (array_pattern (identifier) @name)))
    (expression_statement (internal_module name: (identifier) @name))
  ])

(program
  [
    (export_statement
      declaration: [
        (function_declaration name: (identifier) @name)
        (generator_function_declaration name: (identifier) @name)
        (function_signature name: (identifier) @name)
        (class_declaration name: (type_identifier) @name)
        (abstract_class_declaration name: (type_identifier) @name)
        (interface_declaration name: (type_identifier) @name)
        (type_alias_declaration name: (type_identifier) @name)
        (enum_declaration name: (identifier) @name)
        (lexical_declaration (variable_declarator name: (identifier) @name))
        (variable_declaration (variable_declarator name: (identifier) @name))
        (internal_module name: (identifier) @name)
      ])
    (ambient_declaration
      [
        (function_signature name: (identifier) @name)
        (class_declaration name: (type_identifier) @name)
        (interface_declaration name: (type_identifier) @name)
        (type_alias_declaration name: (type_identifier) @name)
        (enum_declaration name: (identifier) @name)
        (lexical_declaration (variable_declarator name: (identifier) @name))
        (variable_declaration (variable_declarator name: (identifier) @name))
        (internal_module name: (identifier) @name)
      ])
  ])

(program
  (export_statement
    value: [
      (function_expression name: (identifier) @name)
      (class name: (type_identifier) @name)
    ]))
