package com.example.shop.web;

import com.example.shop.model.Account;
import com.example.shop.model.AccountRepository;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping("/api/accounts")
public class AccountController {
    public record AccountForm(String name) {}

    private final AccountRepository accountRepository;

    public AccountController(AccountRepository accountRepository) {
        this.accountRepository = accountRepository;
    }

    @PostMapping
    public Account create(@RequestBody Account account) {
        // ruleid: MASS_ASSIGNMENT
        return accountRepository.save(account);
    }

    @PostMapping("/form")
    public Account createFromForm(@ModelAttribute Account account) {
        // ruleid: MASS_ASSIGNMENT
        return accountRepository.save(account);
    }

    @PutMapping("/me")
    public Account rename(@RequestBody AccountForm form) {
        Account account = new Account();
        account.setName(form.name());
        // ok: MASS_ASSIGNMENT
        return accountRepository.save(account);
    }
}
