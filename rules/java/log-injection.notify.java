package com.example.pay;

import com.github.binarywang.wxpay.bean.notify.WxPayOrderNotifyResult;
import com.github.binarywang.wxpay.service.WxPayService;
import jakarta.servlet.http.HttpServletRequest;
import org.apache.commons.io.IOUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

// A payment provider's notification: logged after the SDK checked its signature, it is the provider's own text.
@RestController
public class PayNotifyController {
    private static final Logger LOGGER = LoggerFactory.getLogger(PayNotifyController.class);
    private final WxPayService wxPayService;

    PayNotifyController(WxPayService wxPayService) {
        this.wxPayService = wxPayService;
    }

    @PostMapping("/pay/notify")
    public String notify(HttpServletRequest request) throws Exception {
        String body = IOUtils.toString(request.getInputStream(), request.getCharacterEncoding());
        // ruleid: LOG_INJECTION
        LOGGER.info("notification received: " + body);
        WxPayOrderNotifyResult result = wxPayService.parseOrderNotifyResult(body);
        if (!"SUCCESS".equals(result.getResultCode())) {
            // ok: LOG_INJECTION
            LOGGER.error(body);
            return "FAIL";
        }
        // ok: LOG_INJECTION
        LOGGER.info("paid: {}", result);
        return "SUCCESS";
    }
}
