package com.example.checkout;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;

import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class CheckoutController {

    private final CouponService coupons;

    public CheckoutController(CouponService coupons) {
        this.coupons = coupons;
    }

    interface CouponService {
        long discountFor(String code);
    }

    @PostMapping("/checkout/coupon")
    public void coupon(@RequestParam String code, HttpSession session) {
        // ruleid: TRUST_BOUNDARY_VIOLATION
        session.setAttribute("couponCode", code);
    }

    @PostMapping("/checkout/discount")
    public void discount(@RequestParam String code, HttpServletRequest request) {
        // ok: TRUST_BOUNDARY_VIOLATION
        request.getSession().setAttribute("discountCents", coupons.discountFor(code));
    }

    @PostMapping("/checkout/tier")
    public void tier(HttpServletRequest request) {
        // ruleid: TRUST_BOUNDARY_VIOLATION
        request.getSession().setAttribute("tier", request.getParameter("tier"));
    }

    // The request's own location, kept to recognise a repeated submission or to come back to.
    @PostMapping("/checkout/confirm")
    public void confirm(HttpServletRequest request) {
        java.util.Map<String, Object> last = new java.util.HashMap<>();
        last.put(request.getRequestURI(), System.currentTimeMillis());
        // ok: TRUST_BOUNDARY_VIOLATION
        request.getSession().setAttribute("lastSubmit", last);
        // ok: TRUST_BOUNDARY_VIOLATION
        request.getSession().setAttribute("savedUrl", request.getRequestURL().toString());
        // ruleid: TRUST_BOUNDARY_VIOLATION
        request.getSession().setAttribute("plan", request.getParameter("plan"));
    }
}

/** What the client's browser sends of itself, kept to hold later requests of the same session to it. */
class SessionBinding {
    static void bind(HttpServletRequest request, long userId) {
        request.getSession().setAttribute("userId", userId);
        String origin = request.getHeader("Origin");
        if (origin != null) {
            // ok: TRUST_BOUNDARY_VIOLATION
            request.getSession().setAttribute("origin", origin);
        }
        // ok: TRUST_BOUNDARY_VIOLATION
        request.getSession().setAttribute("agent", request.getHeader(org.springframework.http.HttpHeaders.USER_AGENT));
        // A header the client fills at will is its word, as a parameter is.
        // ruleid: TRUST_BOUNDARY_VIOLATION
        request.getSession().setAttribute("role", request.getHeader("X-Role"));
        // The client chooses which session attribute is set.
        // ruleid: TRUST_BOUNDARY_VIOLATION
        request.getSession().putValue(request.getParameter("flag"), "on");
    }
}

/** The user the container authenticated, kept in the session: the server's own judgement, not the client's word. */
class ContainerLogin {
    static void remember(HttpServletRequest request) {
        jakarta.servlet.http.HttpSession s = request.getSession();
        // ok: TRUST_BOUNDARY_VIOLATION
        s.setAttribute("user", request.getRemoteUser());
        // ok: TRUST_BOUNDARY_VIOLATION
        s.setAttribute("principal", request.getUserPrincipal().getName());
        // The user name the client typed into a form is still its word.
        // ruleid: TRUST_BOUNDARY_VIOLATION
        s.setAttribute("user", request.getParameter("user"));
    }
}
