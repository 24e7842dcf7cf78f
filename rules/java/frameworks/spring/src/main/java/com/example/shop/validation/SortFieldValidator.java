package com.example.shop.validation;

import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import java.util.Set;

public class SortFieldValidator implements ConstraintValidator<SortField, String> {
    private static final Set<String> ACCEPTED = Set.of("name", "price", "created_at");

    @Override
    public boolean isValid(String value, ConstraintValidatorContext context) {
        return value != null && ACCEPTED.contains(value);
    }
}
